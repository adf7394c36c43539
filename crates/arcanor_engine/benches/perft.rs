//! Perft speed from the start of A3, in leaf nodes per second (target:
//! ≥ 20 M leaves/s on one core).
//!
//! Run: `cargo bench -p arcanor_engine --bench perft`.

use std::hint::black_box;
use std::time::Instant;

use arcanor_engine::{Position, perft};
use criterion::{Criterion, Throughput};

const DEPTH: u32 = 4;

fn bench_perft(c: &mut Criterion) {
    let mut position = Position::standard();
    let leaves = perft(&mut position, DEPTH);
    assert_eq!(leaves, 2_742_336);

    let mut group = c.benchmark_group("arcanor perft");
    group.throughput(Throughput::Elements(leaves));
    group.sample_size(20);
    group.bench_function(format!("depth {DEPTH}"), |b| b.iter(|| black_box(perft(&mut position, DEPTH))));
    group.finish();

    let runs = 5;
    let start = Instant::now();
    for _ in 0..runs {
        black_box(perft(&mut position, DEPTH));
    }
    let secs = start.elapsed().as_secs_f64() / f64::from(runs);
    println!("\nperft({DEPTH}) = {leaves} leaves: {:.1} M leaves/s", leaves as f64 / secs / 1e6);
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    bench_perft(&mut criterion);
    criterion.final_summary();
}
