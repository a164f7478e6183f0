
brigade MV
move M4 6
answer charge
undo
concede
