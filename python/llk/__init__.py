"""llk: LianLianKan (Onet, Shisen-Sho) engine and game."""
