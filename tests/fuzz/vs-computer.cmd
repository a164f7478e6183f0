brigade StH1
move 10L1 3
dice 6 6
end
end
dump
save x
