"""Safe reading of untrusted input: JSON, integers, probabilities, files.

Students paste and load whatever they like; every parser of boardkit goes through
these helpers so that any input up to 1 MB answers fast with a ``FormatError``
(a ``BoardkitError``) that names the format, and never with a raw Python exception.

Limits (module constants, said in the error messages):

    MAX_INPUT_BYTES  1,000,000  bytes of a file, or characters of a text
    MAX_JSON_DEPTH   32         nesting of JSON arrays/objects
    MAX_INT_DIGITS   18         digits of an integer given as text (parse_int)
    MAX_JSON_INT_DIGITS 30      digits of an integer inside JSON
    MAX_EXPONENT     30         |exponent| of a number like "1e-5" (no giant integers)
    MAX_NUMBER_CHARS 64         characters of one number given as text

    loads_json(text_or_bytes, fmt)           -> object  (json.loads, made safe)
    parse_int(text, fmt, lo=None, hi=None)   -> int     (ASCII digits only)
    parse_fraction(value, fmt, lo=None, hi=None) -> Fraction
    parse_probability(value, fmt)            -> Fraction in [0, 1]
    parse_float(value, fmt, lo=None, hi=None)    -> float (finite)
    read_text(path, fmt)                     -> str     (size-limited, UTF-8, BoardkitError)
    check_path(path, what)                   -> str     (a file name: str, bytes or PathLike)
    check_rng(rng, what)                     -> Generator (a numpy Generator, nothing else)
    check_count(value, what, lo, hi)         -> int     (a bounded whole number, not bool)
    check_seed(seed, what)                   -> seed    (None, an int >= 0 or a SeedSequence)
    check_text(value, what, limit)           -> str     (bounded, encodable text)
    short_repr(value, limit)                 -> str     (a safe, truncated repr)
    atomic_write(path, data)                 -> None    (temp file + os.replace)
"""
from __future__ import annotations

import json
import math
import os
import re
import tempfile
from fractions import Fraction
from typing import Any

import numpy as np

from .errors import BoardkitError, FormatError, short_repr

__all__ = ["MAX_INPUT_BYTES", "MAX_JSON_DEPTH", "MAX_INT_DIGITS", "MAX_JSON_INT_DIGITS", "MAX_EXPONENT",
           "MAX_NUMBER_CHARS", "loads_json", "json_depth", "check_size", "parse_int",
           "parse_fraction", "parse_probability", "parse_float", "read_text", "read_bytes",
           "atomic_write", "check_path", "check_rng", "check_instance", "check_count", "check_seed",
           "check_text", "short_repr", "MAX_COUNT"]

#: the largest count (games, samples, tosses...) any call accepts: more could not
#: answer in a lesson's time, so it is refused at once instead of hanging
MAX_COUNT = 10**9

MAX_INPUT_BYTES = 1_000_000
MAX_JSON_DEPTH = 32
MAX_INT_DIGITS = 18
MAX_JSON_INT_DIGITS = 30
MAX_EXPONENT = 30
MAX_NUMBER_CHARS = 64


def check_size(text: str | bytes, fmt: str, limit: int = MAX_INPUT_BYTES) -> None:
    """Refuse text longer than ``limit`` characters (bytes for ``bytes``)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise FormatError(f"{fmt}: expected text, got {type(text).__name__}")
    if len(text) > limit:
        raise FormatError(f"{fmt}: input too large ({len(text):,} > {limit:,} "
                          f"{'characters' if isinstance(text, str) else 'bytes'})")


def _decode(data: bytes | bytearray, fmt: str) -> str:
    try:
        return bytes(data).decode("utf-8")
    except UnicodeDecodeError as e:
        raise FormatError(f"{fmt}: not UTF-8 text (bad byte at position {e.start})") from None


def json_depth(text: str) -> int:
    """The deepest nesting of arrays/objects in JSON text, found without recursion and
    in linear time (numpy, no regex that could rescan): a quote preceded by an odd run
    of backslashes is escaped; brackets after an odd number of unescaped quotes are
    inside a string and do not count. Exact for valid JSON."""
    b = np.frombuffer(text.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    n = b.size
    if n == 0:
        return 0
    pos = np.arange(n, dtype=np.int64)
    is_bs = b == ord("\\")
    # index of the last non-backslash at or before i (-1 if none)
    last_plain = np.maximum.accumulate(np.where(is_bs, -1, pos))
    run_before = np.empty(n, dtype=np.int64)        # backslashes right before position i
    run_before[0] = 0
    run_before[1:] = pos[:-1] - last_plain[:-1]
    quote = (b == ord('"')) & (run_before % 2 == 0)
    inside = (np.cumsum(quote) % 2) == 1
    step = np.zeros(n, dtype=np.int32)
    step[((b == ord("[")) | (b == ord("{"))) & ~inside] = 1
    step[((b == ord("]")) | (b == ord("}"))) & ~inside] = -1
    return int(np.cumsum(step).max(initial=0))


def _bad_constant(name: str):
    raise ValueError(f"{name} is not allowed (numbers must be finite)")


def _finite_float(s: str) -> float:
    if len(s) > MAX_NUMBER_CHARS:
        raise ValueError(f"number too long ({len(s)} characters)")
    x = float(s)
    if not math.isfinite(x):
        raise ValueError(f"{s} is out of range (numbers must be finite)")
    return x


def _bounded_int(s: str) -> int:
    if len(s.lstrip("-")) > MAX_JSON_INT_DIGITS:
        raise ValueError(f"integer with {len(s.lstrip('-'))} digits (at most {MAX_JSON_INT_DIGITS})")
    return int(s)


def loads_json(text: str | bytes, fmt: str = "JSON", *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` for untrusted text: at most 1 MB, nesting at most ``max_depth``
    (checked before parsing), UTF-8 only, no NaN/Infinity, integers of at most 30
    digits, finite floats. Anything else raises ``FormatError`` naming ``fmt``."""
    check_size(text, fmt)
    if isinstance(text, (bytes, bytearray)):
        text = _decode(text, fmt)
    try:
        depth = json_depth(text)
    except UnicodeEncodeError:
        raise FormatError(f"{fmt}: not valid text") from None
    if depth > max_depth:
        raise FormatError(f"{fmt}: nested too deeply ({depth} levels; at most {max_depth})")
    try:
        return json.loads(text, parse_constant=_bad_constant, parse_float=_finite_float,
                          parse_int=_bounded_int)
    except RecursionError:          # cannot happen after the depth check; belt and braces
        raise FormatError(f"{fmt}: nested too deeply") from None
    except (ValueError, TypeError, OverflowError) as e:
        raise FormatError(f"{fmt}: not valid JSON ({e})") from None


_INT = re.compile(r"-?[0-9]+\Z")


def parse_int(text: Any, fmt: str, lo: int | None = None, hi: int | None = None,
              *, max_digits: int = MAX_INT_DIGITS) -> int:
    """An integer from text of ASCII digits (an optional leading '-'), at most
    ``max_digits`` digits, within [lo, hi]. Unicode digits ('４'), signs like '+',
    spaces inside, or out-of-range values raise ``FormatError`` naming ``fmt``.
    A Python int (not bool) is range-checked and returned."""
    if isinstance(text, bool):
        raise FormatError(f"{fmt}: expected a whole number, got {text!r}")
    if isinstance(text, int):
        value = text
    else:
        if not isinstance(text, str):
            raise FormatError(f"{fmt}: expected a whole number, got {type(text).__name__}")
        t = text.strip()
        if len(t) > max_digits + 1 or not _INT.match(t) or len(t.lstrip("-")) > max_digits:
            shown = t if len(t) <= 20 else t[:20] + "..."
            raise FormatError(f"{fmt}: {shown!r} is not a whole number of at most "
                              f"{max_digits} ASCII digits")
        value = int(t)
    if lo is not None and value < lo or hi is not None and value > hi:
        rng = f"[{'-inf' if lo is None else lo}, {'inf' if hi is None else hi}]"
        raise FormatError(f"{fmt}: {value} is out of range {rng}")
    return value


_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE]([+-]?[0-9]+))?\Z")
_RATIO = re.compile(r"([+-]?[0-9]+)\s*/\s*([0-9]+)\Z")


def parse_fraction(value: Any, fmt: str, lo: Any = None, hi: Any = None) -> Fraction:
    """An exact ``Fraction`` from an int, a finite float, a Fraction, or text such as
    "0.25", "1/6", "2.5e-3". Text is at most 64 characters and an exponent at most 30
    in size, checked BEFORE ``Fraction`` is built (``Fraction("1e-100000000")`` would
    build a 10^8-digit integer). Out of [lo, hi] or malformed: ``FormatError``."""
    if isinstance(value, bool):
        raise FormatError(f"{fmt}: expected a number, got {value!r}")
    if isinstance(value, Fraction):
        out = value
        if max(abs(out.numerator).bit_length(), out.denominator.bit_length()) > 4 * MAX_NUMBER_CHARS:
            raise FormatError(f"{fmt}: number too large or too precise")
    elif isinstance(value, int):
        if abs(value).bit_length() > 4 * MAX_NUMBER_CHARS:
            raise FormatError(f"{fmt}: number too large")
        out = Fraction(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise FormatError(f"{fmt}: {value} is not a finite number")
        out = Fraction(value)
    elif isinstance(value, str):
        t = value.strip()
        shown = t if len(t) <= 20 else t[:20] + "..."
        if len(t) > MAX_NUMBER_CHARS:
            raise FormatError(f"{fmt}: number {shown!r} too long (at most {MAX_NUMBER_CHARS} characters)")
        m = _DECIMAL.match(t)
        if m:
            if m.group(1) is not None and abs(int(m.group(1))) > MAX_EXPONENT:
                raise FormatError(f"{fmt}: exponent in {shown!r} too large (at most {MAX_EXPONENT})")
        elif not _RATIO.match(t):
            raise FormatError(f"{fmt}: {shown!r} is not a number (write e.g. 0.25 or 1/4)")
        try:
            out = Fraction(t.replace(" ", ""))
        except (ValueError, ZeroDivisionError) as e:
            raise FormatError(f"{fmt}: {shown!r} is not a number ({e})") from None
    else:
        raise FormatError(f"{fmt}: expected a number, got {type(value).__name__}")
    if lo is not None and out < lo or hi is not None and out > hi:
        raise FormatError(f"{fmt}: {_show(out)} is out of range [{_show(lo)}, {_show(hi)}]")
    return out


def _show(x: Any) -> str:
    if x is None:
        return "-inf"
    if isinstance(x, Fraction) and x.denominator != 1:
        return f"{x} (={float(x):.6g})"
    return str(x)


def parse_probability(value: Any, fmt: str) -> Fraction:
    """A probability as an exact Fraction in [0, 1] (see ``parse_fraction``)."""
    return parse_fraction(value, fmt, 0, 1)


def parse_float(value: Any, fmt: str, lo: float | None = None, hi: float | None = None) -> float:
    """A finite float from a number or text, with the same limits as ``parse_fraction``."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise FormatError(f"{fmt}: {value} is not a finite number")
        out = value
    else:
        out = float(parse_fraction(value, fmt))
    if lo is not None and out < lo or hi is not None and out > hi:
        raise FormatError(f"{fmt}: {out} is out of range [{lo}, {hi}]")
    return out


# ------------------------------------------------------------- arguments
def check_rng(rng: Any, what: str = "rng", methods: tuple[str, ...] = ("integers", "random"),
              ) -> np.random.Generator:
    """A numpy ``Generator``: chance always comes from a seeded generator passed in. An
    int seed, None, text or the legacy RandomState is refused with a BoardkitError
    naming the argument, instead of a raw AttributeError later. An object offering the
    Generator ``methods`` the caller draws with (a wrapped or scripted generator in a
    test or a lesson) is accepted too."""
    if not isinstance(rng, np.random.Generator) and (
            isinstance(rng, (np.random.RandomState, int, float, str, bytes)) or rng is None
            or not all(callable(getattr(rng, m, None)) for m in methods)):
        raise BoardkitError(f"{what} must be a numpy random Generator, e.g. "
                            f"numpy.random.default_rng(1); got {short_repr(rng)}")
    return rng


def check_instance(value: Any, kind: type | tuple[type, ...], what: str) -> Any:
    """``value`` if it is a ``kind`` (a game, rules, a move, a model ...), else a
    BoardkitError naming the argument and what it must be: the one check for "a game was
    expected" (None, another game, a move's text), instead of a raw AttributeError later."""
    if not isinstance(value, kind):
        kinds = kind if isinstance(kind, tuple) else (kind,)
        names = " or ".join(k.__name__ for k in kinds)
        raise BoardkitError(f"{what} must be a {names}; got {short_repr(value)}")
    return value


def check_count(value: Any, what: str, lo: int = 0, hi: int = MAX_COUNT) -> int:
    """A whole number in [lo, hi] (a Python or numpy int, never a bool, a float, NaN
    or text): the counts of games, samples, tosses, chunks and blocks. ``hi`` bounds
    the work so that a call answers or is refused at once, never hangs."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise BoardkitError(f"{what} must be a whole number in [{lo:,}, {hi:,}]; "
                            f"got {short_repr(value)}")
    v = int(value)
    if not lo <= v <= hi:
        raise BoardkitError(f"{what} must be a whole number in [{lo:,}, {hi:,}]; got {short_repr(v)}")
    return v


def check_seed(seed: Any, what: str = "seed") -> Any:
    """A seed for ``numpy.random.SeedSequence``: None (fresh entropy), a whole number
    in [0, 2**128) or a SeedSequence; anything else is refused naming the argument."""
    if seed is None or isinstance(seed, np.random.SeedSequence):
        return seed
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)) \
            or not 0 <= int(seed) < 2 ** 128:
        raise BoardkitError(f"{what} must be None or a whole number in [0, 2**128); "
                            f"got {short_repr(seed)}")
    return int(seed)


def check_text(value: Any, what: str, limit: int = 10_000) -> str:
    """Text of at most ``limit`` characters that can be written as UTF-8 (no lone
    surrogate): the free-text fields of a save, so that save() never fails later."""
    if not isinstance(value, str):
        raise BoardkitError(f"{what} must be text, got {short_repr(value)}")
    if len(value) > limit:
        raise BoardkitError(f"{what} is too long ({len(value):,} > {limit:,} characters)")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise BoardkitError(f"{what} is not valid text (a lone surrogate at position "
                            f"{e.start})") from None
    return value


def check_path(path: Any, what: str = "file") -> str | bytes:
    """A file name (text, bytes or a PathLike such as ``pathlib.Path``), else a
    BoardkitError naming ``what``; an empty name or one with a NUL byte is refused."""
    try:
        p = os.fspath(path)
    except Exception:               # noqa: BLE001 - TypeError, or a hostile __fspath__
        raise BoardkitError(f"{what}: a file name must be text or a pathlib.Path, got "
                            f"{short_repr(path)}") from None
    if len(p) == 0 or (b"\0" if isinstance(p, bytes) else "\0") in p:
        raise BoardkitError(f"{what}: bad file name {_name(p)}")
    if isinstance(p, str):
        try:
            os.fsencode(p)
        except UnicodeError:
            raise BoardkitError(f"{what}: bad file name {_name(p)} (not encodable)") from None
    return p


# ------------------------------------------------------------------- files
def open_regular(path: Any, fmt: str):
    """Open ``path`` for reading in binary if it is a regular file. A FIFO, a device,
    a socket or a folder is refused at once (opened without blocking, then checked with
    fstat), so reading never hangs on a pipe that nobody writes."""
    import stat
    p = check_path(path, fmt)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise BoardkitError(f"{fmt}: cannot read {_name(p)}: {e.strerror or e}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise BoardkitError(f"{fmt}: cannot read {_name(p)}: not a regular file (a "
                                f"folder, pipe or device cannot be read as a saved file)")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        f = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    return f


def read_bytes(path: Any, fmt: str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """A regular file's bytes, at most ``limit``; OSError becomes ``BoardkitError``."""
    f = open_regular(path, fmt)
    try:
        with f:
            data = f.read(limit + 1)
    except OSError as e:
        raise BoardkitError(f"{fmt}: cannot read {_name(path)}: {e.strerror or e}") from None
    if len(data) > limit:
        raise FormatError(f"{fmt}: file too large (over {limit:,} bytes)")
    return data


def _name(p: Any) -> str:
    """A file name for an error message, cut short."""
    try:
        p = os.fspath(p)
    except Exception:               # noqa: BLE001 - any object may be given as a name
        pass
    return short_repr(p, 100)


def read_text(path: Any, fmt: str, limit: int = MAX_INPUT_BYTES) -> str:
    """A UTF-8 text file of at most ``limit`` bytes (FormatError/BoardkitError otherwise)."""
    return _decode(read_bytes(path, fmt, limit), fmt)


def atomic_write(path: Any, data: str | bytes) -> None:
    """Write ``data`` (text is UTF-8 encoded first) to ``path`` atomically: a temporary
    file in the same folder, flushed and fsynced, then ``os.replace``. A failure
    leaves any earlier file intact and raises ``BoardkitError``."""
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError as e:
            raise BoardkitError(f"cannot write {_name(path)}: the text holds a lone surrogate "
                                f"at position {e.start}") from None
    path = check_path(path, "save")
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    folder = os.path.dirname(os.path.abspath(path))
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix="-" + os.path.basename(path)[:40],
                                   dir=folder)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        tmp = None
    except (OSError, ValueError) as e:
        raise BoardkitError(f"cannot write {_name(path)}: {getattr(e, 'strerror', None) or e}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def decode_text(raw: bytes) -> str:
    """Bytes from another program's file as text: UTF-8 (a leading byte-order mark
    dropped), or Latin-1 where they are not UTF-8 (older game files are written so)."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")
