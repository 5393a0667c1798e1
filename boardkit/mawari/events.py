"""The event lines of 回り将棋 (``MawariGame.events``) in English and Japanese.

The engine writes its events in English from ``EVENTS_EN`` (``game.py`` calls
``FORMAT_EN``'s functions, built once from the templates; the text is what it always
was, so saved games, notebooks and tests read the same lines; the lean bot loop writes
none, see ``game.py``). A board shows each line in its language with ``translate_event``: the line
is matched against the English templates (each compiled once into a regex whose named
groups are the fields), and the target language's twin is formatted with the fields.
A field that is itself an English phrase (why an overlap goes back so far: ``WHY_EN``)
or a list of players is translated too; players (P1..P4), square names (1九), ranks
(歩 香 桂 銀), tosses (written in kanji, 表 表 裏 横) and numbers are the same in both
languages. A line that matches no template (an old save, text set from outside) is shown
as it is.

    from boardkit.mawari.events import translate_event
    translate_event("P1 declines the battle (MS-15)", "ja")   # 'P1 は戦をしかけません (MS-15)'

Both tables are in the language catalogue (``boardkit.i18n``) as ``ms.ev.<name>`` and
``ms.ev.why.<name>``.
"""
from __future__ import annotations

import re
from functools import lru_cache
from string import Formatter

from ..i18n import add, language, tr

__all__ = ["EVENTS_EN", "EVENTS_JA", "FORMAT_EN", "WHY_EN", "WHY_JA", "parse_event", "translate_event"]

#: every event line the engine writes, by name ({p}, {q}: players P1..P4)
EVENTS_EN = {
    # a toss (MS-04..MS-08): the player, the toss as the table shows it (kanji)
    "toss_fell": "{p} tosses {toss}: a gold fell off, no move (MS-08)",
    "toss_back": "{p} tosses {toss}: golds overlap, back {n} ({why}, MS-06)",
    "toss_forward": "{p} tosses {toss}: {n} squares forward (MS-05)",
    "toss_forward_one": "{p} tosses {toss}: 1 square forward (MS-05)",
    "again": "no gold face down: {p} tosses again (MS-07)",
    # moving (MS-06, MS-10, MS-12..MS-14)
    "moves": "{p}'s {rank} moves {start} → {end}",
    "back": "{p}'s {rank} moves back {start} → {end}",
    "back_stopped": "{p}'s {rank} moves back {start} → {end} (stopped at the corner)",
    "corner_stays": "{p} stands on the corner {square} and stays (MS-06)",
    "jump": "{p} landed on the corner {start}: jumps to {end} (飛び, MS-14)",
    "two_up": "two up (2あがり, MS-13) on {square}: {names} advance 2 to {end}",
    "promote_home": "{p} passes its home corner: promoted {old} → {new} (出世, MS-10)",
    "end_home": "{p}'s 銀 passes its home corner: the game is over (MS-10)",
    "lays": "{p} ({rank}) overtakes {q} ({qrank}) on {square}: {q} is laid down (寝かし, MS-12)",
    "wakes": "{p} passes {q} on {square}: {q} wakes up (起こし, MS-12)",
    "skip": "{p} is laid down and misses the turn (MS-12)",
    "skip_two": "{p} misses this turn for being laid down and stands up again (MS-12, two players)",
    # battles (MS-15)
    "in_line": "{p} is in line with {names}: a battle may be declared (MS-15)",
    "declines": "{p} declines the battle (MS-15)",
    "declares": "{p} declares a battle on {q} (MS-15): {n} squares there and back, {p} tosses first",
    "battle_toss": "battle: {p} tosses {toss}: {n}, {progress}/{length}",
    "battle_toss_fell": "battle: {p} tosses {toss}: 0 (a gold fell off), {progress}/{length}",
    "battle_toss_overlap": "battle: {p} tosses {toss}: 0 (overlap: no moving back in a battle), "
                           "{progress}/{length}",
    "battle_again": "battle: no gold face down, {p} tosses again (MS-07)",
    "battle_back_first": "battle: {p} is back first; {q} still has this turn (MS-15)",
    "battle_draw": "battle: both are back in the same round: a draw, nothing changes (MS-15)",
    "battle_win": "battle: {p} wins against {q} (MS-15)",
    "promote_battle": "{p} wins the battle: promoted {old} → {new} (出世, MS-15)",
    "end_battle": "{p}'s 銀 wins the battle: the game is over (MS-15)",
    # a late join (MS-03)
    "join": "{p} joins on {square} with a {rank}, the lowest rank in play (MS-03)",
}

#: why an overlap goes back as far as it does (``toss_back``'s {why}, MS-06)
WHY_EN = {
    "face_up": "one per face-up gold",
    "all_down": "all four face down",
    "whole_value": "the whole value",
}

# Japanese: です・ます, the source article's terms (金, 表/裏, 重なり, 落ち駒, 隅, 陣地, 出世,
# 寝かし/起こし, 2あがり, 飛び, 戦, 格下, 上がり); players, squares, ranks and tosses as the
# board shows them
EVENTS_JA = {
    "toss_fell": "{p} が金を振りました: {toss}。落ち駒なので進みも戻りもしません (MS-08)",
    "toss_back": "{p} が金を振りました: {toss}。金が重なったので{n}マス戻ります（{why}、MS-06）",
    "toss_forward": "{p} が金を振りました: {toss}。{n}マス進みます (MS-05)",
    "toss_forward_one": "{p} が金を振りました: {toss}。1マス進みます (MS-05)",
    "again": "裏の金がないので、{p} はもう一度振ります (MS-07)",
    "moves": "{p} の{rank}が {start} から {end} へ進みます",
    "back": "{p} の{rank}が {start} から {end} へ戻ります",
    "back_stopped": "{p} の{rank}が {start} から {end} へ戻ります（隅より先へは戻りません）",
    "corner_stays": "{p} は隅の {square} にいるので、そのまま動きません (MS-06)",
    "jump": "{p} は隅の {start} にちょうど止まったので、{end} まで飛びます（飛び、MS-14）",
    "two_up": "{square} で2あがりです (MS-13): {names} がそろって2マス進み、{end} へ行きます",
    "promote_home": "{p} は自分の陣地まで回ってきたので出世します: {old} → {new} (MS-10)",
    "end_home": "{p} の銀が自分の陣地まで回ってきました。上がりでゲーム終了です (MS-10)",
    "lays": "{p}（{rank}）が {square} で格下の {q}（{qrank}）を追い越しました。"
            "{q} は寝かされます（寝かし、MS-12）",
    "wakes": "{p} が {square} で寝ている {q} を追い越しました。{q} は起き上がります（起こし、MS-12）",
    "skip": "{p} は寝かされているので、この手番は休みです (MS-12)",
    "skip_two": "{p} は寝かされているのでこの手番を休み、起き上がります（MS-12、2人のとき）",
    "in_line": "{p} は {names} と一直線に並びました。戦をしかけることができます (MS-15)",
    "declines": "{p} は戦をしかけません (MS-15)",
    "declares": "{p} が {q} に戦をしかけます (MS-15): 往復{n}マス、{p} が先に振ります",
    "battle_toss": "戦: {p} が金を振りました: {toss}。{n}マス進みます（{progress}/{length}）",
    "battle_toss_fell": "戦: {p} が金を振りました: {toss}。落ち駒なので0マスです（{progress}/{length}）",
    "battle_toss_overlap": "戦: {p} が金を振りました: {toss}。戦では重なっても戻らないので0マスです"
                           "（{progress}/{length}）",
    "battle_again": "戦: 裏の金がないので、{p} はもう一度振ります (MS-07)",
    "battle_back_first": "戦: {p} が先に戻りました。{q} にはまだこの手番があります (MS-15)",
    "battle_draw": "戦: 同じ回に両方とも戻ったので引き分けです。何も変わりません (MS-15)",
    "battle_win": "戦: {p} が {q} に勝ちました (MS-15)",
    "promote_battle": "{p} は戦に勝ったので出世します: {old} → {new} (MS-15)",
    "end_battle": "{p} の銀が戦に勝ちました。上がりでゲーム終了です (MS-15)",
    "join": "{p} が {square} から参加します。駒は、いま盤上でいちばん格下の駒と同じ{rank}です (MS-03)",
}

WHY_JA = {
    "face_up": "表の金1枚につき1マス",
    "all_down": "4枚とも裏",
    "whole_value": "出た目の数だけ",
}

#: how a list of players is written ({names}: "P2, P3" / "P2、P3")
_SEP = {"en": ", ", "ja": "、"}

add("en", {f"ms.ev.{k}": v for k, v in EVENTS_EN.items()})
add("ja", {f"ms.ev.{k}": v for k, v in EVENTS_JA.items()})
add("en", {f"ms.ev.why.{k}": v for k, v in WHY_EN.items()})
add("ja", {f"ms.ev.why.{k}": v for k, v in WHY_JA.items()})
add("en", {"ms.ev.sep": _SEP["en"]})
add("ja", {"ms.ev.sep": _SEP["ja"]})

# ---- reading an English line back into its template and fields ----------------------
_PLAYER = r"P[1-4]"
_SQUARE = r"[1-9][一二三四五六七八九]"
_RANK = r"[歩香桂銀]"
_NUMBER = r"\d+"
_FACE = r"(?:表|裏|横|縦|逆立ち|重なり|落ち駒)"
#: what each field can hold (every field of the templates is listed: tested)
FIELD_PATTERNS = {
    "p": _PLAYER, "q": _PLAYER, "names": rf"{_PLAYER}(?:, {_PLAYER})*",
    "square": _SQUARE, "start": _SQUARE, "end": _SQUARE,
    "rank": _RANK, "qrank": _RANK, "old": _RANK, "new": _RANK,
    "n": _NUMBER, "progress": _NUMBER, "length": _NUMBER,
    "toss": rf"{_FACE}(?: {_FACE})*",
    "why": "|".join(re.escape(v) for v in WHY_EN.values()),
}


def template_fields(template: str) -> list[str]:
    """The fields of a template, in order, each once ("{p} ... {q} ... {p}" -> [p, q])."""
    out: list[str] = []
    for _, name, _, _ in Formatter().parse(template):
        if name is not None and name not in out:
            out.append(name)
    return out


def _compile(template: str) -> re.Pattern:
    """The regex of a template: its text literally, each field a named group (a field
    used twice must hold the same text both times)."""
    parts, seen = [], set()
    for literal, name, _, _ in Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is None:
            continue
        if name in seen:
            parts.append(f"(?P={name})")
        else:
            seen.add(name)
            parts.append(f"(?P<{name}>{FIELD_PATTERNS[name]})")
    return re.compile("".join(parts))


#: (name, compiled regex) of every English template, built once
PATTERNS = tuple((name, _compile(t)) for name, t in EVENTS_EN.items())


def _formatter(template: str):
    """``template.format`` as a function of its fields that runs as fast as the f-string
    the engine had before (``str.format`` with keywords costs ~0.5 us more a line: a
    fifth more for a game recorded step by step). The template is our own text."""
    return eval(f"lambda {', '.join(template_fields(template))}: f{template!r}")  # noqa: S307


#: name -> function(**fields) -> the English line (what game.py writes with)
FORMAT_EN = {name: _formatter(t) for name, t in EVENTS_EN.items()}


@lru_cache(maxsize=2048)
def parse_event(line: str) -> tuple[str, dict] | None:
    """(template name, fields) of an English event line, or None when no template fits.
    (The events box reads the same lines again at every refresh: cached.)"""
    if not isinstance(line, str):
        return None
    for name, pattern in PATTERNS:
        m = pattern.fullmatch(line)
        if m is not None:
            return name, m.groupdict()
    return None


def _field(name: str, value: str, lang: str) -> str:
    """A field's text in ``lang``: phrases and lists of players translated, the rest as is."""
    if name == "why":
        key = next(k for k, v in WHY_EN.items() if v == value)
        return tr(f"ms.ev.why.{key}", lang)
    if name == "names":
        return tr("ms.ev.sep", lang).join(value.split(_SEP["en"]))
    return value


def translate_event(line: str, lang: str | None = None) -> str:
    """An event line of ``MawariGame.events`` in ``lang`` (default: the current language,
    ``boardkit.i18n.set_language``). English, or a line no template fits, comes back
    unchanged."""
    lang = lang or language()
    if lang == "en":
        return line
    parsed = parse_event(line)
    if parsed is None:
        return line
    name, fields = parsed
    return tr(f"ms.ev.{name}", lang, **{k: _field(k, v, lang) for k, v in fields.items()})
