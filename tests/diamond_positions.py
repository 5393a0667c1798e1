"""Diamond Game positions written as notebook 27 writes them: the hole labels of each
colour, its king first, on the two-player ten-piece board."""
from boardkit.diamond import DiamondGame, DiamondRules

RULES = DiamondRules(players=2, pieces=10, max_turns=400)


def position(red: str, yellow: str, turn: int = 0) -> DiamondGame:
    pieces: dict = {}
    for p, labels in enumerate((red, yellow)):
        first, *rest = labels.split()
        pieces[first] = (p, True)
        pieces.update({h: p for h in rest})
    return DiamondGame.from_pieces(pieces, RULES, turn=turn)


def red_without_a_move() -> DiamondGame:
    """Two players, no kings: red (to move) walled in its camp by yellow, so red must pass."""
    from boardkit.diamond import geometry as B
    pieces = {h: 0 for h in B.camp("S")}
    for r in (3, 2):
        for q in range(-4, 3):
            if (q, r) in B.INDEX and (q, r) not in B.tip("SW"):
                pieces[(q, r)] = 1
    return DiamondGame.from_pieces(pieces, DiamondRules(players=2, kings=False))
