//! The integration tests, one module per subject, in one test binary: each binary of its own
//! was linked on its own (seconds each) and compiled `common` again, so one crate makes a cold
//! `cargo test` minutes shorter. Run a subject alone with its module path as the filter:
//! `cargo test --test integration saving::` (or `saving::read_only` for some of its tests).
//!
//! Two subjects stay binaries of their own, as a process of their own is part of what they
//! test: `tests/allocations.rs` (a global allocator counts every allocation of its process) and
//! `tests/cli.rs` (it reads the peak memory of every child its process has waited for).

#[path = "../common/mod.rs"]
mod common;
#[path = "../pty/mod.rs"]
mod pty;

mod app;
mod by_hand;
mod by_hand_render;
mod datasets;
mod e2e;
mod games;
mod hints;
mod layers;
mod logic;
mod logic_cli;
mod marks;
mod playing;
mod printing;
mod properties;
mod random;
mod render;
mod saving;
mod teaching;
mod terminal;
mod tree;
