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
