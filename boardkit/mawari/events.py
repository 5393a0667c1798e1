"""The events of 回り将棋 (``MawariGame.events``): what happened and why, as values.

Each event is an ``Event(name, facts)``: the name of what happened ("toss_forward",
"promote_battle") and its facts (players P1..P4, squares 1九, ranks 歩 香 桂 銀, the toss
in kanji, numbers, and for an overlap the reason it goes back so far, a ``Word``). Its
words are the catalogue's ``ms.ev.<name>`` (``boardkit/locale``): ``str(event)`` is the
English line, so a notebook that prints the events, a save and a test that reads the
English read what they always did; a board renders the same event in its own language
(``GameWidget.say(event)``), and a program asks ``event.name``, never the English.

    from boardkit.mawari.events import Event
    e = Event("declines", p="P1")
    str(e)                       # 'P1 declines the battle (MS-15)'
    e.name, e.facts              # ('declines', {'p': 'P1'})
    render(e.key, "ja", e.facts) # 'P1 は戦をしかけません (MS-15)'

An event is frozen and hashable. It compares equal to another event with the same name
and facts, and to its English line (``g.events[-1] == "P1 declines the battle (MS-15)"``);
``"declines" in e`` looks in the English line, as it did when events were text.
"""
from __future__ import annotations

from typing import Any

from .._catalogue import Word, check_language, render
from ..errors import BoardkitError, FormatError, short_repr

__all__ = ["Event", "NAMES", "WHY", "to_json", "from_json"]

#: every event the engine writes (the catalogue holds ``ms.ev.<name>`` for each)
NAMES = ("toss_fell", "toss_back", "toss_forward", "toss_forward_one", "again", "moves",
         "back", "back_stopped", "corner_stays", "jump", "two_up", "promote_home", "end_home",
         "lays", "wakes", "skip", "skip_two", "in_line", "declines", "declares", "battle_toss",
         "battle_toss_fell", "battle_toss_overlap", "battle_again", "battle_back_first",
         "battle_draw", "battle_win", "promote_battle", "end_battle", "join")
_NAMES = frozenset(NAMES)

#: why an overlap goes back as far as it does (``toss_back``'s ``why``, MS-06): the words
#: ``ms.ev.why.<name>``
WHY = ("face_up", "all_down", "whole_value")


class Event(Word):
    """One event of a game: ``Event("promote_home", p="P1", old="歩", new="香")``.

    ``name`` says what happened, ``facts`` the values that sentence needs; ``key`` is the
    catalogue key ``ms.ev.<name>`` (an Event is a ``Word``, so a board's ``say`` renders it
    in its language)."""

    __slots__ = ("name",)
    name: str

    def __init__(self, name: str, **facts: Any):
        if type(name) is not str or name not in _NAMES:
            raise BoardkitError(f"Event: name must be one of the events ({', '.join(NAMES[:3])}, "
                                f"...), got {short_repr(name)}")
        # the slots set through their descriptors (the engine builds one Event per thing
        # that happens: this is twice as fast as object.__setattr__)
        _set_name(self, name)
        _set_key(self, "ms.ev." + name)
        _set_facts(self, facts)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an Event is frozen: build a new one")

    def __reduce__(self):
        return _rebuild, (self.name, self.facts)

    def __repr__(self) -> str:
        facts = "".join(f", {k}={v!r}" for k, v in self.facts.items())
        return f"Event({self.name!r}{facts})"

    def __str__(self) -> str:
        return render(self.key, "en", self.facts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Event):
            return self.name == other.name and self.facts == other.facts
        if isinstance(other, str):
            return str(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __contains__(self, text: object) -> bool:
        return isinstance(text, str) and text in str(self)

    def text(self, lang: str | None = None) -> str:
        """The event's sentence in ``lang`` (None: the current language)."""
        return render(self.key, check_language(lang), self.facts)


_set_name = getattr(Event, "name").__set__    # noqa: B009 (the slot's descriptor)
_set_key = getattr(Word, "key").__set__       # noqa: B009
_set_facts = getattr(Word, "facts").__set__   # noqa: B009


def _rebuild(name: str, facts: dict) -> Event:
    """An Event from its name and facts (pickle, copy)."""
    return Event(name, **facts)


def _fact_json(value: Any) -> Any:
    if isinstance(value, Word):
        return {"word": value.key}
    if isinstance(value, (list, tuple)):
        return list(value)
    return value


def to_json(event: Any) -> Any:
    """What a save stores of an event: ``{"event": name, "facts": {...}}`` (a fact that is
    a word as ``{"word": key}``); a line of text set from outside is stored as it is."""
    if isinstance(event, Event):
        return {"event": event.name, "facts": {k: _fact_json(v) for k, v in event.facts.items()}}
    if isinstance(event, str):
        return event
    raise BoardkitError(f"to_json: an event is an Event or a line of text, got {short_repr(event)}")


_FACT_KEYS = frozenset({"p", "q", "names", "square", "start", "end", "rank", "qrank", "old",
                        "new", "n", "progress", "length", "toss", "why"})


def from_json(item: Any, limit: int) -> Any:
    """An event read back from a save: an Event from ``to_json``'s object, a line of text
    as it is (saves written before events were values hold their English lines). Anything
    else raises ``FormatError``; text longer than ``limit`` too."""
    if isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= 10**6:
        raise BoardkitError(f"from_json: limit is a number of characters 0..1000000, "
                            f"got {short_repr(limit)}")
    if isinstance(item, str):
        if len(item) > limit:
            raise FormatError("ms.err.json_event", limit=limit)
        return item
    if not isinstance(item, dict) or sorted(item) != ["event", "facts"] \
            or item["event"] not in _NAMES or not isinstance(item["facts"], dict):
        raise FormatError("ms.err.json_event_value", got=short_repr(item))
    facts = {}
    for k, v in item["facts"].items():
        if k not in _FACT_KEYS:
            raise FormatError("ms.err.json_event_value", got=short_repr(item))
        if isinstance(v, dict) and sorted(v) == ["word"] and v["word"] in {
                f"ms.ev.why.{w}" for w in WHY}:
            v = Word(v["word"])
        elif isinstance(v, list) and len(v) <= 4 and all(isinstance(x, str) and len(x) <= 4
                                                         for x in v):
            v = tuple(v)
        elif isinstance(v, bool) or not isinstance(v, (str, int)) \
                or (isinstance(v, str) and len(v) > 100) \
                or (isinstance(v, int) and not -10**6 <= v <= 10**6):
            raise FormatError("ms.err.json_event_value", got=short_repr(item))
        facts[k] = v
    return Event(item["event"], **facts)
