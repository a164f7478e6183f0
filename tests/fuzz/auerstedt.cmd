	brigade FGudA
end
end
dice 1 1 1
end
