"""The language catalogue of the widgets' user-facing words.

Every string a widget shows goes through ``tr(key, **kw)``, so a Japanese edition is a
translation of the ``CATALOGUES["ja"]`` dict, not a rewrite of the code:

    from boardkit.i18n import tr, set_language
    tr("to_move", who="Black", kind=tr("you"))     # 'Black (you) to move'
    set_language("ja")                             # later widgets speak Japanese

A play server or a class's Jupyter can start in Japanese without a code cell: the
``BOARDKIT_LANG`` environment variable ("ja", "en", or a locale such as "ja_JP.UTF-8")
is read when boardkit is imported (``language_from_env``).

A key missing from the current language falls back to English; a key missing from
English is shown as the key itself (so a typo is visible, never a crash). Games add
their own words with ``add(lang, {key: text})`` using keys prefixed with their name
("checkers.capture_compulsory").
"""
from __future__ import annotations

import os
from typing import Any

__all__ = ["tr", "set_language", "language", "language_from_env", "add", "error_text",
           "CATALOGUES", "LANGUAGES"]

EN: dict[str, str] = {
    # buttons and controls
    "new_game": "New game",
    "applies_at_new_game": "Changed rules apply at New game",
    "undo": "Undo",
    "hint": "Hint",
    "flip": "Flip",
    "roll": "Roll",
    "save": "Save",
    "resume": "Resume",
    "file": "File",
    "level": "Level",
    "human": "human",
    "computer": "computer",
    "moves": "Moves",
    "no_moves_yet": "no moves yet",
    "setup_title": "Game setup, save and resume",
    "setup_tooltip": "show or hide the rules, the sides, the computer's level, save and resume",
    "undo_allowed": "待った あり (undo allowed)",
    "level_label": "{ja} ({en})",
    "move_box": "Move",
    "move_box_hint": "type a move, then Enter",
    "play_move": "Play",
    # status line
    "you": "you",
    "to_move": "<b>{who}</b> ({kind}) to move",
    "widget.run_cue": "Run the cell to play on this board: click a piece, then the place it "
                      "goes to.",
    "puzzle.run_cue": "Run the cell to solve it on the board: click your move and you are told "
                      "at once if it is right, with a hint if you ask.",
    "quiz.run_cue": "Run the cell to answer here and be told at once if you are right; the "
                    "answer is also folded below.",
    "to_chance": "<b>{who}</b> ({kind}) to {action}",
    "game_over": "<b>Game over.</b> {reason}",
    # the ending in another language than the engine's English: the result and the rule
    "ended_winner": "{who} wins ({rule} {title})",
    "ended_draw": "a draw ({rule} {title})",
    "toss_title": "toss: {toss}",
    "used_counts": "hints used: {hints}, undos used: {undos}",
    # messages
    "no_move_from": "{cell}: no legal move starts there",
    "nothing_to_undo": "nothing to undo",
    "undo_off": "undo is off in this game (待った なし)",
    "hint_line": "Hint: {move}",
    "hint_line_why": "Hint: {move} — {why}",
    "hint_chance_first": "{action} first: a hint needs the outcome",
    "hint_none": "no hint: the game is over",
    "chance_first": "{action} first (click {button})",
    "chose_hop": "several ways lead there: click the next hop",
    "saved": "saved to {path}",
    "save_failed": "could not save: {error}",
    "resumed": "resumed from {path}",
    "resume_failed": "could not resume: {error}",
    "new_game_failed": "cannot start that game: {error}",
    "computer_replied": "the computer replied {move}",
    "player_n": "Player {n}",
    "game_is_over": "the game is over",
    "describe": "{game} board. {status}. Moves played: {n}.",
    "describe_last": "Last move: {move}.",
    "not_your_turn": "it is the computer's turn",
    # the tutor (boardkit/<game>/tutor.py)
    "tutor": "Tutor",
    "tutor_tooltip": "after each of your moves, say when it breaks a strategy tip",
    "tutor_line": "Tutor: {text}",
    "tutor_fine": "Tutor: fine (no strategy tip broken).",
    "tutor_level": "the {en} level",
    # the games' names (the board's description for screen readers)
    "game.checkers": "checkers",
    "game.diamond": "diamond",
    "game.backgammon": "backgammon",
    "game.mawari": "mawari",
}

JA: dict[str, str] = {
    "new_game": "新しいゲーム",
    "applies_at_new_game": "変えたルールは「新しいゲーム」から使われます",
    "undo": "待った",
    "hint": "ヒント",
    "flip": "盤を回す",
    "roll": "ふる",
    "save": "保存",
    "resume": "再開",
    "file": "ファイル",
    "level": "レベル",
    "human": "人",
    "computer": "コンピューター",
    "moves": "棋譜",
    "no_moves_yet": "まだ手はありません",
    "setup_title": "ゲームの設定・保存・再開",
    "setup_tooltip": "ルール・手番・コンピューターのレベル・保存・再開を表示／非表示",
    "undo_allowed": "待った あり",
    "level_label": "{ja} ({en})",
    "move_box": "手",
    "move_box_hint": "手を入力して Enter",
    "play_move": "指す",
    "you": "あなた",
    "to_move": "<b>{who}</b>（{kind}）の番です",
    "widget.run_cue": "セルを実行すると、この盤で遊べます。駒をクリックしてから、行き先を"
                      "クリックします。",
    "puzzle.run_cue": "セルを実行すると、盤の上で解けます。手をクリックすると、正しいかどうかが"
                      "すぐにわかり、ヒントも見られます。",
    "quiz.run_cue": "セルを実行すると、ここで答えて、すぐに答え合わせができます。答えは下にも"
                    "たたんであります。",
    "to_chance": "<b>{who}</b>（{kind}）が{action}番です",
    "game_over": "<b>ゲーム終了。</b> {reason}",
    "ended_winner": "{who}の勝ちです（{rule} {title}）",
    "ended_draw": "引き分けです（{rule} {title}）",
    "toss_title": "金の出方: {toss}",
    "used_counts": "ヒント {hints} 回、待った {undos} 回",
    "no_move_from": "{cell}: そこから動かせる手はありません",
    "nothing_to_undo": "戻せる手はありません",
    "undo_off": "このゲームは「待った なし」です",
    "hint_line": "ヒント: {move}",
    "hint_line_why": "ヒント: {move} — {why}",
    "hint_chance_first": "先に「{action}」を押してください: ヒントにはその結果が必要です",
    "hint_none": "ゲームは終わっています",
    "chance_first": "先に「{button}」を押してください",
    "chose_hop": "行き方がいくつかあります: 次の一跳びをクリックしてください",
    "saved": "{path} に保存しました",
    "save_failed": "保存できませんでした: {error}",
    "resumed": "{path} から再開しました",
    "resume_failed": "再開できませんでした: {error}",
    "new_game_failed": "そのゲームは始められません: {error}",
    "computer_replied": "コンピューターの手: {move}",
    "player_n": "プレイヤー{n}",
    "game_is_over": "ゲームは終わっています",
    "describe": "{game} の盤。{status}。{n} 手指しました。",
    "describe_last": "最後の手: {move}。",
    "not_your_turn": "コンピューターの番です",
    "tutor": "チューター",
    "tutor_tooltip": "あなたが指すたびに、作戦のコツに反していないかを伝えます",
    "tutor_line": "チューター: {text}",
    "tutor_fine": "チューター: 問題ありません（作戦のコツに反していません）。",
    "tutor_level": "{ja}（{en}）",
    "game.checkers": "チェッカー",
    "game.diamond": "ダイヤモンドゲーム",
    "game.backgammon": "バックギャモン",
    "game.mawari": "回り将棋",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "ja": JA}
LANGUAGES = tuple(CATALOGUES)
_current = "en"


def set_language(lang: str) -> None:
    """Choose the language of widgets made from now on ("en" or "ja")."""
    global _current
    if lang not in CATALOGUES:
        from .errors import BoardkitError
        raise BoardkitError(f"language must be one of {list(CATALOGUES)}, got {lang!r}")
    _current = lang


def language() -> str:
    return _current


#: the environment variable that sets the language boardkit starts in
LANG_VARIABLE = "BOARDKIT_LANG"


def language_from_env(environ=None) -> str:
    """The language ``BOARDKIT_LANG`` asks for: "ja", "en", or a locale name whose
    language part is one of them ("ja_JP.UTF-8"); unset or empty gives "en". Any other
    value is refused with a ``BoardkitError`` naming the variable and the languages."""
    raw = (os.environ if environ is None else environ).get(LANG_VARIABLE, "")
    text = str(raw).strip()[:40]
    if not text:
        return "en"
    lang = text.replace("-", "_").split(".")[0].split("_")[0].lower()
    if lang not in CATALOGUES:
        from .errors import BoardkitError
        raise BoardkitError(f"{LANG_VARIABLE} must be one of {list(CATALOGUES)} "
                            f"(or a locale such as ja_JP.UTF-8), got {text!r}")
    return lang


def add(lang: str, entries: dict[str, str]) -> None:
    """Add (or replace) words of a language, e.g. a game's own messages."""
    CATALOGUES.setdefault(lang, {}).update(entries)


def tr(key: str, lang: str | None = None, **kw: Any) -> str:
    """The text of ``key`` in the current (or given) language, formatted with ``kw``."""
    text = CATALOGUES.get(lang or _current, {}).get(key)
    if text is None:
        text = EN.get(key, key)
    try:
        return text.format(**kw) if kw else text
    except (KeyError, IndexError, ValueError):
        return text


# every rule's title and reason, and the lines a board shows for a refused move or
# unreadable text (boardkit/i18n_rules.py): words in one catalogue, as the widgets' own
from . import i18n_rules as _i18n_rules  # noqa: E402
from .i18n_rules import RULE_WORDS, error_text  # noqa: E402

_i18n_rules.language_source = language

# the alt text of a drawing without a title (boardkit.svg asks for it at draw time)
from . import svg as _svg  # noqa: E402

add("en", {"svg.board": "board"})
add("ja", {"svg.board": "盤"})
_svg.untitled_text = lambda: tr("svg.board")

for _lang, _words in RULE_WORDS.items():
    add(_lang, _words)

_current = language_from_env()
