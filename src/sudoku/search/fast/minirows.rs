//! A band's cells to its minirows and back, the first step and the last of every sub-band
//! update: one BMI2 instruction each where the build has them (`pext` gathers, `pdep`
//! scatters), tables elsewhere. The only `unsafe` of the crate is here.
//!
//! Why: the update of a sub-band is a chain of dependent steps (summary, the placements that
//! fit, the columns, the decided cells), and the three table look-ups of the summary and the
//! one of the decided cells were four of its loads. With the instructions, counting to 2 took
//! 5% to 7% less time on top1465 and 1106 (README, Performance). The native build gets them
//! (`.cargo/config.toml`); a portable build (`-C target-cpu=x86-64-v2`) takes the tables, and
//! CI runs the search's tests on both.

use super::ROW;

/// The first cell of each of a band's nine minirows: bits 0, 3, ..., 24.
const FIRST_CELLS: u32 = 0o111_111_111;

/// The minirow summary of a digit's cells `m` in a band: bit `3 * r + k` if row `r` holds some
/// in box `k`, as [`super::FITS`], [`super::BAND_ALLOWED`] and the other summary tables read it.
#[inline(always)]
pub(super) fn minirows(m: u32) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // A minirow's three cells folded onto its first, then the nine first cells gathered.
        gather(m | m >> 1 | m >> 2)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        minirows_by_table(m)
    }
}

/// The cells of the minirows in `minirows` (bit `3 * r + k`, as [`minirows`] gives them; bits
/// above 9 are ignored).
#[inline(always)]
pub(super) fn cells(minirows: u32) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // Each minirow to its first cell, then to its three (times 0b111: no carries, as the
        // first cells are three bits apart).
        scatter(minirows) * 7
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        cells_by_table(minirows)
    }
}

/// `pext` with [`FIRST_CELLS`]: the bits of `x` at the first cells, packed into nine.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[allow(unsafe_code)]
#[inline(always)]
fn gather(x: u32) -> u32 {
    // SAFETY: the intrinsic only requires the processor to have BMI2, and this function is
    // compiled only for targets that have it (the `cfg` above); no memory is touched.
    unsafe { core::arch::x86_64::_pext_u32(x, FIRST_CELLS) }
}

/// `pdep` with [`FIRST_CELLS`]: the nine low bits of `x` spread to the first cells.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[allow(unsafe_code)]
#[inline(always)]
fn scatter(x: u32) -> u32 {
    // SAFETY: as in `gather`.
    unsafe { core::arch::x86_64::_pdep_u32(x, FIRST_CELLS) }
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

/// Minirows (bit `3 * r + k`) to the cells they cover.
static MINIROW_CELLS: [u32; 512] = {
    let mut table = [0; 512];
    let mut minirows = 0;
    while minirows < 512 {
        let mut m = 0;
        while m < 9 {
            if minirows >> m & 1 != 0 {
                table[minirows] |= 7 << (9 * (m / 3) + 3 * (m % 3));
            }
            m += 1;
        }
        minirows += 1;
    }
    table
};

/// [`minirows`] by three look-ups, one per row: kept apart so that its test runs on every build.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
#[inline(always)]
fn minirows_by_table(m: u32) -> u32 {
    BOXES_OF_ROW[(m & ROW) as usize]
        | BOXES_OF_ROW[(m >> 9 & ROW) as usize] << 3
        | BOXES_OF_ROW[(m >> 18 & ROW) as usize] << 6
}

/// [`cells`] by one look-up: kept apart so that its test runs on every build.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
#[inline(always)]
fn cells_by_table(minirows: u32) -> u32 {
    MINIROW_CELLS[(minirows & 0x1FF) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::search::fast::BAND;

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
        let mut x: u32 = 0x2545_F491;
        for _ in 0..20_000 {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let expected = summary_by_definition(x & BAND);
            assert_eq!(minirows(x), expected, "{x:#x}");
            assert_eq!(minirows_by_table(x), expected, "{x:#x}");
        }
    }

    /// Every set of minirows to its cells both ways, checked against the summary: the cells of
    /// some minirows have exactly those minirows, three cells each.
    #[test]
    fn cells_cover_exactly_their_minirows_both_ways() {
        for set in 0..512u32 {
            for got in [cells(set), cells_by_table(set)] {
                assert_eq!(summary_by_definition(got), set, "{set:#b}");
                assert_eq!(got.count_ones(), 3 * set.count_ones(), "{set:#b}");
            }
            // Bits above the nine are ignored.
            assert_eq!(cells(set | 0xFE00), cells(set));
        }
    }
}
