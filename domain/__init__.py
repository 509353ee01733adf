"""Pure game domain: rules protocol, randomness, hash chain, the Game aggregate and the titles.

Nothing here reads a clock, draws from a global random source, or does I/O.
"""
