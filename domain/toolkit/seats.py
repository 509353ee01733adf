"""Seat order. A title's seats are listed clockwise (the platform deals them in seating order)."""
from __future__ import annotations

from typing import Sequence


def clockwise_from(seats: Sequence[str], first: str) -> list[str]:
    """Every seat, clockwise, starting with `first`."""
    seats = list(seats)
    i = seats.index(first)
    return seats[i:] + seats[:i]


def after(seats: Sequence[str], seat: str) -> list[str]:
    """Every other seat, clockwise, starting with the one after `seat`, then `seat` last."""
    order = clockwise_from(seats, seat)
    return order[1:] + order[:1]


def next_seat(seats: Sequence[str], seat: str) -> str:
    """The seat to the left of `seat` (clockwise)."""
    return after(seats, seat)[0]
