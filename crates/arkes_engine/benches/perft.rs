//! Perft speed from the default 2-player start (R2), counted in leaf nodes
//! per second, through the engine's incremental path and through a
//! deliberately naive one (a copy of the position per move, rehashed from
//! scratch for R10). The report ends with the ratio of the two.
//!
//! Run: `cargo bench -p arkes_engine --bench perft`.

use std::hint::black_box;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use arkes_engine::{Position, perft, perft_naive};
use criterion::{Criterion, Throughput};

const DEPTH: u32 = 4;

/// Total time and iterations measured per path, for the final ratio.
static TOTALS: Mutex<[(Duration, u64); 2]> = Mutex::new([(Duration::ZERO, 0); 2]);

fn timed(path: usize, iters: u64, mut f: impl FnMut() -> u64) -> Duration {
    let start = Instant::now();
    for _ in 0..iters {
        black_box(f());
    }
    let elapsed = start.elapsed();
    let mut totals = TOTALS.lock().unwrap();
    totals[path].0 += elapsed;
    totals[path].1 += iters;
    elapsed
}

fn bench_perft(c: &mut Criterion) {
    let start = Position::standard(2, 9).unwrap();
    let mut position = start.clone();
    let leaves = perft(&mut position, DEPTH);
    assert_eq!(leaves, perft_naive(&start, DEPTH));

    let mut group = c.benchmark_group("perft");
    group.throughput(Throughput::Elements(leaves));
    group.sample_size(20);
    group.bench_function(format!("fast depth {DEPTH}"), |b| {
        b.iter_custom(|iters| timed(0, iters, || perft(&mut position, DEPTH)))
    });
    group.sample_size(10);
    group.bench_function(format!("naive depth {DEPTH}"), |b| {
        b.iter_custom(|iters| timed(1, iters, || perft_naive(&start, DEPTH)))
    });
    group.finish();

    let totals = TOTALS.lock().unwrap();
    let mean = |(d, n): (Duration, u64)| d.as_secs_f64() / n.max(1) as f64;
    let (fast, naive) = (mean(totals[0]), mean(totals[1]));
    println!(
        "\nperft({DEPTH}) = {leaves} leaves: fast {:.1} M leaves/s, naive {:.1} M leaves/s, ratio {:.1}x",
        leaves as f64 / fast / 1e6,
        leaves as f64 / naive / 1e6,
        naive / fast
    );
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    bench_perft(&mut criterion);
    criterion.final_summary();
}
