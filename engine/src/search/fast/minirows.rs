//! A band's cells to its minirows, the first step of every sub-band update: one BMI2
//! instruction (`pext`) where the build has it, three table look-ups elsewhere. The only
//! `unsafe` of the crate is here.
//!
//! Why: the update of a sub-band is a chain of dependent steps (the minirows, the placements that
//! fit, the columns, the decided cells), and the three look-ups were the loads at its head. With it
//! (and the decided cells by two tables, in the update), counting to 2 took 5% to 7% less time on
//! top1465 and 1106: beside the `sudoku` crate in one process (31 interleaved rounds), top1465 went
//! from 1.38x-1.41x to 1.48x-1.50x and 1106 from 1.75x-1.78x to 1.89x-1.91x; `check --jobs 1` on
//! top1465 twenty times over from 238 ms to 225 ms (medians of 7). `_pext_u32` needs `unsafe` even
//! in a build for BMI2 (Rust lets only functions marked for BMI2 call it without), so the crate's
//! lint is `deny` rather than `forbid`. The native build gets it (`.cargo/config.toml`); a portable
//! build (`-C target-cpu=x86-64-v2`) takes the tables, and so does the `portable` feature, with
//! which CI runs the search's tests a second time.

use super::ROW;

/// The first cell of each of a band's nine minirows: bits 0, 3, ..., 24.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2", not(feature = "portable")))]
const FIRST_CELLS: u32 = 0o111_111_111;

/// The minirow summary of a digit's cells `m` in a band: bit `3 * r + k` if row `r` holds some
/// in box `k`, as [`super::FITS`], [`super::BAND_ALLOWED`] and the other summary tables read it.
#[inline(always)]
pub(super) fn minirows(m: u32) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2", not(feature = "portable")))]
    {
        // A minirow's three cells folded onto its first, then the nine first cells gathered.
        gather(m | m >> 1 | m >> 2)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2", not(feature = "portable"))))]
    {
        minirows_by_table(m)
    }
}

/// `pext` with [`FIRST_CELLS`]: the bits of `x` at the first cells, packed into nine.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2", not(feature = "portable")))]
#[allow(unsafe_code)]
#[inline(always)]
fn gather(x: u32) -> u32 {
    // SAFETY: the intrinsic only requires the processor to have BMI2, and this function is
    // compiled only for targets that have it (the `cfg` above); it touches no memory.
    unsafe { core::arch::x86_64::_pext_u32(x, FIRST_CELLS) }
}

/// For the nine cells of one row (9 bits): the boxes it has a cell in (bit k for box k).
static BOXES_OF_ROW: [u32; 512] = {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if row >> (3 * k) & 7 != 0 {
                table[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    table
};

/// [`minirows`] by three look-ups, one per row: kept apart so that its test runs on every build.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "bmi2", not(feature = "portable")),
    allow(dead_code)
)]
#[inline(always)]
fn minirows_by_table(m: u32) -> u32 {
    BOXES_OF_ROW[(m & ROW) as usize]
        | BOXES_OF_ROW[(m >> 9 & ROW) as usize] << 3
        | BOXES_OF_ROW[(m >> 18 & ROW) as usize] << 6
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::fast::BAND;

    /// What a minirow summary means, from the cell's row and column alone.
    fn summary_by_definition(m: u32) -> u32 {
        (0..27)
            .filter(|cell| m >> cell & 1 != 0)
            .fold(0, |summary, cell| summary | 1 << (3 * (cell / 9) + cell % 9 / 3))
    }

    /// Both ways give a band's minirows as the definition does, whichever way this build uses:
    /// each row's every pattern (a row's minirows depend on its own cells only, so this covers
    /// every band), and a spread of whole bands, some with bits above the band's 27.
    #[test]
    fn minirows_agree_with_the_definition_both_ways() {
        for row in 0..3 {
            for pattern in 0..=ROW {
                let m = pattern << (9 * row);
                let expected = summary_by_definition(m);
                assert_eq!(minirows(m), expected, "{m:#x}");
                assert_eq!(minirows_by_table(m), expected, "{m:#x}");
            }
        }
        let mut random = crate::generate::Random::new(0x2545_F491);
        for _ in 0..20_000 {
            let x = random.next_u64() as u32;
            let expected = summary_by_definition(x & BAND);
            assert_eq!(minirows(x), expected, "{x:#x}");
            assert_eq!(minirows_by_table(x), expected, "{x:#x}");
        }
    }
}
