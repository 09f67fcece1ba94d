//! Occupancy bitsets: one bit per cell, one run of `u64` words per line (a row or a column).
//!
//! Every question the path finder and the scans ask of a line ("is this stretch empty?", "where
//! is the nearest tile?", "where does the next empty run start?") is a word-parallel scan that
//! stops at the first word that answers it, so it costs one or two word reads on a busy board.

/// A set of equally long lines of bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitLines {
    len: usize,
    words: usize,
    bits: Vec<u64>,
}

/// Bits `lo..64` of a word.
#[inline]
fn from_bit(lo: usize) -> u64 {
    if lo >= 64 {
        0
    } else {
        !0u64 << lo
    }
}

/// Bits `0..hi` of a word.
#[inline]
fn below_bit(hi: usize) -> u64 {
    if hi >= 64 {
        !0u64
    } else {
        (1u64 << hi) - 1
    }
}

impl BitLines {
    /// `lines` empty lines of `len` bits each.
    pub fn new(lines: usize, len: usize) -> Self {
        let words = len.div_ceil(64).max(1);
        BitLines { len, words, bits: vec![0; lines * words] }
    }

    /// Bits per line.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the lines hold no bits at all (zero-length lines).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn line(&self, line: usize) -> &[u64] {
        &self.bits[line * self.words..(line + 1) * self.words]
    }

    #[inline]
    pub fn get(&self, line: usize, pos: usize) -> bool {
        self.line(line)[pos / 64] >> (pos % 64) & 1 == 1
    }

    #[inline]
    pub fn set(&mut self, line: usize, pos: usize) {
        self.bits[line * self.words + pos / 64] |= 1 << (pos % 64);
    }

    #[inline]
    pub fn clear(&mut self, line: usize, pos: usize) {
        self.bits[line * self.words + pos / 64] &= !(1 << (pos % 64));
    }

    /// Bits `lo..lo + n` of a line (`n <= 64`, all in one word) as the low bits of a word.
    #[inline]
    pub fn word_at(&self, line: usize, lo: usize, n: usize) -> Option<u64> {
        let (first, last) = (lo / 64, (lo + n.max(1) - 1) / 64);
        (first == last && lo + n <= self.len).then(|| self.line(line)[first] >> (lo % 64) & below_bit(n))
    }

    /// Bits `start..start + 64` of a line as a word (bit `i`: position `start + i`); positions
    /// off the line (below 0, or `len` and up) read as clear. Any `start`: the near miss reads
    /// the ring's positions `-1` and `len` this way, as empty.
    #[inline]
    pub fn window(&self, line: usize, start: i64) -> u64 {
        let w = self.line(line);
        let word = |i: i64| if (0..self.words as i64).contains(&i) { w[i as usize] } else { 0 };
        let (i, shift) = (start.div_euclid(64), start.rem_euclid(64) as u32);
        let low = word(i) >> shift;
        if shift == 0 {
            low
        } else {
            low | word(i + 1) << (64 - shift)
        }
    }

    /// Is any bit set in `lo..hi`?
    #[inline]
    pub fn any_in(&self, line: usize, lo: usize, hi: usize) -> bool {
        if lo >= hi {
            return false;
        }
        let w = self.line(line);
        let (first, last) = (lo / 64, (hi - 1) / 64);
        if first == last {
            return w[first] & from_bit(lo % 64) & below_bit((hi - 1) % 64 + 1) != 0;
        }
        if w[first] & from_bit(lo % 64) != 0 {
            return true;
        }
        if w[first + 1..last].iter().any(|&x| x != 0) {
            return true;
        }
        w[last] & below_bit((hi - 1) % 64 + 1) != 0
    }

    /// The smallest set position `>= from`, if any.
    #[inline]
    pub fn next_set(&self, line: usize, from: usize) -> Option<usize> {
        self.next_where(line, from, 0)
    }

    /// The largest set position `< before`, if any.
    #[inline]
    pub fn prev_set(&self, line: usize, before: usize) -> Option<usize> {
        self.prev_where(line, before, 0)
    }

    /// The smallest clear position `>= from` (and `< len`), if any.
    #[inline]
    pub fn next_clear(&self, line: usize, from: usize) -> Option<usize> {
        self.next_where(line, from, !0)
    }

    /// The largest clear position `< before` (and `< len`), if any.
    #[inline]
    pub fn prev_clear(&self, line: usize, before: usize) -> Option<usize> {
        self.prev_where(line, before, !0)
    }

    /// The smallest position `>= from` (and `< len`) whose bit, xor `flip` (0: set bits, all
    /// ones: clear bits), is set.
    #[inline]
    fn next_where(&self, line: usize, from: usize, flip: u64) -> Option<usize> {
        if from >= self.len {
            return None;
        }
        let w = self.line(line);
        let mut i = from / 64;
        let mut word = (w[i] ^ flip) & from_bit(from % 64);
        loop {
            if word != 0 {
                // Past `len` the bits are clear, which a flip turns into matches: cut off.
                let pos = i * 64 + word.trailing_zeros() as usize;
                return (pos < self.len).then_some(pos);
            }
            i += 1;
            if i == self.words {
                return None;
            }
            word = w[i] ^ flip;
        }
    }

    /// The largest position `< before` (and `< len`) whose bit, xor `flip`, is set.
    #[inline]
    fn prev_where(&self, line: usize, before: usize, flip: u64) -> Option<usize> {
        if before == 0 {
            return None;
        }
        let before = before.min(self.len);
        let w = self.line(line);
        let mut i = (before - 1) / 64;
        let mut word = (w[i] ^ flip) & below_bit((before - 1) % 64 + 1);
        loop {
            if word != 0 {
                return Some(i * 64 + 63 - word.leading_zeros() as usize);
            }
            if i == 0 {
                return None;
            }
            i -= 1;
            word = w[i] ^ flip;
        }
    }

    /// Number of set bits in a line.
    pub fn count(&self, line: usize) -> usize {
        self.line(line).iter().map(|w| w.count_ones() as usize).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(bits: &[bool]) -> BitLines {
        let mut b = BitLines::new(1, bits.len());
        for (i, &on) in bits.iter().enumerate() {
            if on {
                b.set(0, i);
            }
        }
        b
    }

    #[test]
    fn scans_agree_with_a_plain_loop() {
        let mut state = 7u64;
        for len in [1usize, 2, 63, 64, 65, 127, 128, 129, 200] {
            for density in [0u64, 1, 5, 50, 95, 100] {
                let bits: Vec<bool> = (0..len)
                    .map(|_| {
                        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                        (state >> 33) % 100 < density
                    })
                    .collect();
                let b = naive(&bits);
                assert_eq!(b.count(0), bits.iter().filter(|&&x| x).count());
                for from in 0..=len {
                    let want = (from..len).find(|&i| bits[i]);
                    assert_eq!(b.next_set(0, from), want, "next_set len={len} from={from}");
                    let want = (from..len).find(|&i| !bits[i]);
                    assert_eq!(b.next_clear(0, from), want, "next_clear");
                    let want = (0..from).rev().find(|&i| bits[i]);
                    assert_eq!(b.prev_set(0, from), want, "prev_set");
                    let want = (0..from).rev().find(|&i| !bits[i]);
                    assert_eq!(b.prev_clear(0, from), want, "prev_clear");
                    let start = from as i64 - 70;
                    for shift in [start, from as i64, from as i64 - 1] {
                        let want =
                            (0..64).filter(|&i| (0..len as i64).contains(&(shift + i)) && bits[(shift + i) as usize]);
                        let want = want.fold(0u64, |w, i| w | 1 << i);
                        assert_eq!(b.window(0, shift), want, "window len={len} at {shift}");
                    }
                    for hi in from..=len {
                        let want = (from..hi).any(|i| bits[i]);
                        assert_eq!(b.any_in(0, from, hi), want, "any_in {from}..{hi}");
                    }
                }
            }
        }
    }

    #[test]
    fn set_and_clear_touch_one_bit() {
        let mut b = BitLines::new(3, 100);
        b.set(1, 70);
        assert!(b.get(1, 70));
        assert!(!b.get(0, 70) && !b.get(2, 70) && !b.get(1, 69));
        b.clear(1, 70);
        assert_eq!(b.count(1), 0);
    }
}
