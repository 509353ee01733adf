"""Verifiable dice: commit to a secret seed, derive every draw from it, record the draws.

Rule of the platform: a draw is HMAC-SHA256(seed, "<seq>:<counter>"), so the same seed, event sequence
and counter always give the same value. Every draw is written into the event that caused it; replay
reads the recorded draws (`ReplayRandom`) and never needs the seed. Once the seed is revealed, anyone
can re-derive every recorded draw (`verify_draws`).
"""
from __future__ import annotations

import hashlib
import hmac
import random

Draw = list  # [bits, value]: one call of getrandbits(bits) (random() records 53 bits)


def seed_commitment(seed_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def derive(seed_hex: str, seq: int, counter: int, bits: int) -> int:
    """The `counter`-th draw of `bits` bits for event `seq`."""
    key = bytes.fromhex(seed_hex)
    value, block = 0, 0
    while block * 256 < bits:
        msg = f"{seq}:{counter}:{block}".encode()
        value = (value << 256) | int.from_bytes(hmac.new(key, msg, hashlib.sha256).digest(), "big")
        block += 1
    return value >> (block * 256 - bits)


class _BitsRandom(random.Random):
    """A Random whose every bit comes through `_bits`; shuffle/choice/randint/sample all use it."""

    def __init__(self) -> None:
        super().__init__(0)

    def seed(self, *args, **kwargs) -> None:  # the source is fixed by construction
        pass

    def getstate(self):
        raise NotImplementedError("derived generators cannot be saved; record draws instead")

    def setstate(self, state) -> None:
        raise NotImplementedError("derived generators cannot be restored; replay draws instead")

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        return self._bits(k) if k else 0

    def random(self) -> float:
        return self._bits(53) * (2.0**-53)

    def _bits(self, k: int) -> int:
        raise NotImplementedError


class DerivedRandom(_BitsRandom):
    """Draws derived from the secret seed for event `seq`; `draws` records them for the event."""

    def __init__(self, seed_hex: str, seq: int) -> None:
        self._seed_hex = seed_hex
        self._seq = seq
        self.draws: list[Draw] = []
        super().__init__()

    def _bits(self, k: int) -> int:
        value = derive(self._seed_hex, self._seq, len(self.draws), k)
        self.draws.append([k, value])
        return value


class ReplayDivergence(Exception):
    """Replay asked the generator for something other than what was recorded."""


class ReplayRandom(_BitsRandom):
    """Returns the recorded draws in order; any other request means the replay diverged."""

    def __init__(self, draws: list[Draw]) -> None:
        self._draws = draws
        self._next = 0
        super().__init__()

    def _bits(self, k: int) -> int:
        if self._next >= len(self._draws):
            raise ReplayDivergence("replay needed more random draws than were recorded")
        bits, value = self._draws[self._next]
        if bits != k:
            raise ReplayDivergence(f"replay asked for {k} random bits where {bits} were recorded")
        self._next += 1
        return value

    def finished(self) -> bool:
        return self._next == len(self._draws)


class NoRandom(_BitsRandom):
    """For steps that must not draw (sealing, views): any draw is a bug."""

    def _bits(self, k: int) -> int:
        raise ReplayDivergence("this step is not allowed to draw randomness")


def verify_draws(seed_hex: str, seq: int, draws: list[Draw]) -> str | None:
    """None when every recorded draw of event `seq` matches the seed, else a sentence saying which not."""
    for counter, (bits, value) in enumerate(draws):
        if derive(seed_hex, seq, counter, bits) != value:
            return f"event {seq}: draw {counter + 1} does not match the revealed seed"
    return None
