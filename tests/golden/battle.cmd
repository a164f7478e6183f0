# The golden battle: the built-in battle, seed 7, both sides' orders as the
# naive computer opponents gave them. tests/golden.sh plays it and compares
# the whole log with battle.expected.
brigade Br1
move IR15a max
face IR15b 170.79595904553167
move IR15b max
face IR57a 166.21368201132807
move IR57a max
face IR57b 161.80411423836088
move IR57b max
end
end
brigade Br2
face IR25a 205.6768156818382
form IR25a column
move IR25a max
face IR25b 200.07152586453873
form IR25b column
move IR25b max
face Gz1 194.03624346792648
form Gz1 column
move Gz1 max
end
end
brigade BrA
end
fire BrA1 3L2
fire BrA2 StHA1
end
brigade StH1
face 10L1 5.321021232701208
move 10L1 max
move 10L2 max
move 3L1 max
face 3L2 10.48121814413092
move 3L2 max
end
end
brigade StH2
move 57L1 max
move 57L2 max
move 72L1 max
move 72L2 max
end
end
brigade Ves1
face HR3 205.9366034792096
move HR3 max
face HR10 200.2127895388855
move HR10 max
face VesA1 195.1438649020787
end
fire VesA1 3L2
end
brigade Ves2
face DR3 202.03622694014544
move DR3 max
face CL1 198.43494882292202
move CL1 max
end
end
brigade StHA
end
fire StHA1 Gz1
end
brigade Las1
face 8Hu 29.56657550477714
move 8Hu max
face 16Ch 23.860175191342343
move 16Ch max
face LasA1 18.76806006684338
end
fire LasA1 IR57a
answer hold
end
brigade Las2
face 13Ch 23.62937773065682
move 13Ch max
face 24Ch 19.925580658184327
move 24Ch max
end
end
brigade Br1
move IR15a max
face IR15b 213.72610450481523
move IR15b max
face IR57a 209.10187289963983
move IR57a max
move IR57b max
end
end
brigade Br2
face IR25a 179.14808656310345
move IR25a max
face IR25b 178.07558743829483
move IR25b max
face Gz1 177.0858154091699
move Gz1 max
end
end
brigade StH1
move 10L1 max
move 10L2 max
face 3L1 11.712472311087508
move 3L1 max
face 3L2 4.04788711685557
move 3L2 max
end
end
brigade BrA
face BrA1 191.4640423361837
end
fire BrA1 3L2
fire BrA2 16Ch
end
brigade Ves1
move HR3 max
move HR10 max
end
end
brigade StH2
face 57L1 53.90561878571841
move 57L1 max
face 57L2 47.11087241578265
form 57L2 line
move 57L2 max
move 72L1 max
face 72L2 25.936603479209605
form 72L2 line
move 72L2 max
end
end
brigade StHA
face StHA1 62.4634668472709
redeploy StHA1 62.4634668472709 10.553539143790509
end
end
brigade Las1
move 8Hu max
move 16Ch max
end
fire LasA1 IR57a
end
brigade Las2
move 13Ch max
move 24Ch max
end
end
brigade Ves2
move DR3 max
move CL1 max
end
end
brigade Br1
face IR15a 238.15977839415524
form IR15a line
move IR15a max
face IR15b 221.81981009101804
form IR15b line
move IR15b max
face IR57a 215.49629642375837
form IR57a line
move IR57a max
form IR57b line
move IR57b max
end
end
brigade StH1
move 10L1 max
move 10L2 max
face 3L1 348.2184945221535
move 3L1 max
face 3L2 354.7387769122622
move 3L2 max
end
end
brigade Br2
move IR25a max
face IR25b 166.09388853373125
move IR25b max
face Gz1 168.6084172036787
move Gz1 max
end
end
brigade BrA
face BrA1 238.5876267777703
end
fire BrA1 3L2
fire BrA2 16Ch
end
brigade Ves1
face HR3 213.09154123092395
move HR3 max
move HR10 max
end
fire VesA1 13Ch
end
brigade Ves2
move DR3 max
move CL1 max
end
end
brigade StH2
move 57L1 max
move 57L2 max
form 72L1 line
move 72L1 max
face 72L2 33.0915412309241
move 72L2 max
end
fire 72L2 HR3
end
brigade StHA
face StHA1 72.36542611238805
end
fire StHA1 Gz1
end
brigade Las1
face 8Hu 36.40367971842178
move 8Hu max
face 16Ch 43.062150843854795
move 16Ch max
end
fire LasA1 IR57a
end
brigade Las2
face 13Ch 32.05595377254701
move 13Ch max
move 24Ch max
end
end
brigade StH1
move 10L1 max
move 10L2 max
face 3L1 5.46978692717725
move 3L1 max
move 3L2 max
end
end
brigade StH2
face 57L1 64.28574095675086
form 57L1 line
move 57L1 max
move 57L2 max
face 72L1 91.80337774844851
move 72L1 max
move 72L2 max
end
fire 72L2 HR3
end
brigade Br1
face IR15a 253.11147858575995
move IR15a max
move IR15b max
face IR57a 223.06215084385482
move IR57a max
face IR57b 198.9693373192285
move IR57b max
end
fire IR57a 16Ch
end
brigade Br2
form IR25a line
move IR25a max
face IR25b 172.69490492678688
form IR25b line
move IR25b max
face Gz1 159.56656286623635
form Gz1 line
move Gz1 max
end
end
brigade BrA
face BrA2 198.52821345410524
end
fire BrA1 3L2
fire BrA2 8Hu
end
brigade Ves1
move HR3 max
move HR10 max
end
fire VesA1 13Ch
end
brigade StHA
end
fire StHA1 Gz1
end
brigade Las1
move 8Hu max
end
fire LasA1 IR57a
end
brigade Las2
move 13Ch max
move 24Ch max
end
end
brigade Ves2
move DR3 max
face CL1 209.95696983595815
move CL1 max
end
end
brigade Br1
face IR15a 238.1995701485913
move IR15a max
move IR15b max
move IR57a max
move IR57b max
end
fire IR57a 13Ch
end
brigade Br2
move IR25a max
move IR25b max
move Gz1 max
end
end
brigade BrA
end
fire BrA1 3L2
fire BrA2 8Hu
end
brigade Ves1
move HR3 max
move HR10 max
end
fire VesA1 13Ch
end
brigade Ves2
move DR3 max
move CL1 max
end
end
brigade StH1
form 10L1 line
move 10L1 max
face 10L2 7.0293126335205525
form 10L2 line
move 10L2 max
face 3L1 353.3851284786248
form 3L1 line
move 3L1 max
end
end
brigade StH2
move 57L1 max
move 57L2 max
move 72L1 max
move 72L2 max
end
fire 72L2 HR3
end
brigade StHA
end
fire StHA1 Gz1
end
brigade Las1
move 8Hu max
end
fire LasA1 Gz1
end
brigade Las2
move 13Ch max
move 24Ch max
end
end
brigade StH1
move 10L1 max
move 10L2 max
move 3L1 max
end
end
brigade Br1
move IR15a max
move IR15b max
move IR57a max
move IR57b max
end
fire IR57a 13Ch
end
brigade Br2
move IR25a max
move IR25b max
move Gz1 max
end
end
brigade BrA
end
fire BrA1 3L1
fire BrA2 8Hu
end
brigade Ves1
move HR3 max
move HR10 max
end
fire VesA1 13Ch
end
brigade Ves2
move DR3 max
move CL1 max
end
end
brigade StH2
move 57L1 max
move 57L2 max
move 72L1 max
move 72L2 max
end
fire 72L2 HR3
end
brigade StHA
end
fire StHA1 Gz1
end
brigade Las1
end
fire LasA1 IR25b
end
brigade Las2
move 13Ch max
move 24Ch max
end
end
brigade StH1
move 10L1 max
move 10L2 max
move 3L1 max
end
end
brigade StH2
move 57L1 max
move 57L2 max
move 72L1 max
move 72L2 max
end
fire 72L2 HR3
end
brigade Br1
move IR15a max
move IR15b max
move IR57a max
move IR57b max
end
fire IR57a 13Ch
end
brigade Br2
move IR25a max
move IR25b max
end
end
brigade BrA
end
fire BrA1 3L1
fire BrA2 57L1
end
brigade Ves1
move HR3 max
move HR10 max
end
fire VesA1 13Ch
end
brigade Ves2
move DR3 max
move CL1 max
end
end
brigade StHA
end
fire StHA1 IR25b
end
brigade Las1
end
fire LasA1 IR25b
end
brigade Las2
move 13Ch max
move 24Ch max
end
end
brigade StH1
move 10L1 max
move 10L2 max
move 3L1 max
end
end
brigade StH2
move 57L1 max
move 57L2 max
move 72L1 max
move 72L2 max
end
fire 72L2 HR3
end
brigade StHA
end
fire StHA1 IR25b
end
brigade Las1
end
fire LasA1 IR25b
end
brigade Las2
move 13Ch max
move 24Ch max
end
end
brigade Br1
move IR15a max
move IR15b max
move IR57a max
move IR57b max
end
fire IR57a 13Ch
end
brigade Br2
move IR25a max
move IR25b max
end
end
brigade BrA
face BrA1 213.34053437804675
end
fire BrA1 3L1
fire BrA2 57L1
end
brigade Ves1
move HR3 max
move HR10 max
end
end
brigade Ves2
move DR3 max
move CL1 max
end
end
brigade Br1
move IR15a max
move IR15b max
move IR57a max
move IR57b max
end
fire IR57a 10L1
answer hold
end
brigade Br2
move IR25a max
move IR25b max
end
end
brigade BrA
end
fire BrA1 3L1
fire BrA2 10L1
end
brigade Ves1
move HR3 max
move HR10 max
end
end
brigade Ves2
move DR3 max
move CL1 max
end
end
brigade StH1
face 10L1 339.351376714764
move 10L1 max
answer no
answer no
face 10L2 327.57469353880373
move 10L2 max
answer no
answer no
face 3L1 321.54253722103823
move 3L1 max
end
fire 10L1 IR57a
answer hold
end
brigade StH2
move 57L1 max
move 57L2 max
move 72L1 max
move 72L2 max
end
fire 72L2 HR3
end
brigade StHA
end
fire StHA1 IR25b
end
brigade Las1
end
fire LasA1 IR57a
end
brigade Las2
move 24Ch max
end
end
brigade StH1
move 10L1 max
answer no
move 10L2 max
answer no
move 3L1 max
end
fire 10L1 IR57a
answer hold
end
brigade StH2
move 57L1 max
move 57L2 max
move 72L1 max
move 72L2 max
end
fire 72L2 HR3
end
brigade StHA
end
fire StHA1 IR25b
end
brigade Br1
charge IR15a 10L2
face IR15b 211.9304968690587
move IR15b max
face IR57a 159.35137671476406
move IR57a max
move IR57b max
end
fire IR57a 10L1
answer hold
end
brigade Br2
move IR25a max
move IR25b max
end
end
brigade BrA
face BrA1 222.30188271735156
end
fire BrA1 3L1
fire BrA2 57L1
end
brigade Ves1
move HR3 max
move HR10 max
end
end
brigade Ves2
move DR3 max
move CL1 max
end
end
brigade Las1
end
fire LasA1 IR57a
end
brigade Las2
move 24Ch max
end
end
