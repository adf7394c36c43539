//! The review's evaluation graph, drawn into an RGBA image: one line per
//! seat (its win chance, 0 at the bottom to 100 % at the top, after each
//! ply from the set-up at the left), in the seat's colour with its mark at
//! the line's end, a mark in the verdict's colour at each inaccuracy,
//! mistake and blunder, and a gold bar at the ply shown.

use bevy::prelude::Component;

use crate::theme::Mark;

/// One seat's line.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphLine {
    /// The seat's colour, sRGB bytes.
    pub colour: [u8; 3],
    /// The seat's mark, drawn at the line's end and at its flagged plies.
    pub mark: Mark,
    /// The seat's win chance after each ply, from the set-up (index 0), 0
    /// to 1.
    pub chances: Vec<f64>,
    /// The seat's flagged plies (from 1) and their verdict's colour.
    pub flagged: Vec<(usize, [u8; 3])>,
}

/// The graph's picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GraphSize {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The plies along the width (the game's, even before all are reviewed).
    pub plies: usize,
}

/// Pixels kept free round the plot.
const PAD: f32 = 8.0;

impl GraphSize {
    /// The x of ply `ply` (0 is the set-up), in pixels.
    #[must_use]
    pub fn x_of(self, ply: usize) -> f32 {
        let span = self.width as f32 - 2.0 * PAD;
        PAD + span * ply as f32 / self.plies.max(1) as f32
    }

    /// The y of a chance (1 at the top), in pixels.
    #[must_use]
    pub fn y_of(self, chance: f64) -> f32 {
        let span = self.height as f32 - 2.0 * PAD;
        PAD + span * (1.0 - chance.clamp(0.0, 1.0) as f32)
    }

    /// The ply nearest a point at `fraction` of the width (0 left, 1 right).
    #[must_use]
    pub fn ply_at(self, fraction: f32) -> usize {
        let x = fraction * self.width as f32;
        let span = self.width as f32 - 2.0 * PAD;
        let ply = ((x - PAD) / span * self.plies as f32).round();
        (ply.max(0.0) as usize).min(self.plies)
    }
}

/// A picture being drawn: RGBA bytes, row by row from the top.
struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Canvas {
    /// Blends `colour` over the pixel at (x, y) with `alpha` (0 to 1).
    fn blend(&mut self, x: i64, y: i64, colour: [u8; 3], alpha: f32) {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) || alpha <= 0.0 {
            return;
        }
        let i = ((y as usize) * self.width as usize + x as usize) * 4;
        let a = alpha.min(1.0);
        for (c, &value) in colour.iter().enumerate() {
            let old = f32::from(self.pixels[i + c]);
            self.pixels[i + c] = (old + (f32::from(value) - old) * a).round() as u8;
        }
        let old = f32::from(self.pixels[i + 3]) / 255.0;
        self.pixels[i + 3] = ((old + a * (1.0 - old)) * 255.0).round() as u8;
    }

    /// Paints the pixels where `inside(x, y)` (pixel centres) gives a
    /// coverage above 0, in the box from `min` to `max`.
    fn fill(&mut self, min: (f32, f32), max: (f32, f32), colour: [u8; 3], inside: impl Fn(f32, f32) -> f32) {
        for y in min.1.floor() as i64..=max.1.ceil() as i64 {
            for x in min.0.floor() as i64..=max.0.ceil() as i64 {
                let cover = inside(x as f32 + 0.5, y as f32 + 0.5);
                self.blend(x, y, colour, cover);
            }
        }
    }

    /// A line `width` pixels wide from `a` to `b`, its edges smoothed.
    fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, colour: [u8; 3]) {
        let r = width / 2.0;
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length2 = (dx * dx + dy * dy).max(1e-6);
        self.fill(
            (a.0.min(b.0) - r - 1.0, a.1.min(b.1) - r - 1.0),
            (a.0.max(b.0) + r + 1.0, a.1.max(b.1) + r + 1.0),
            colour,
            |x, y| {
                let t = (((x - a.0) * dx + (y - a.1) * dy) / length2).clamp(0.0, 1.0);
                let (px, py) = (a.0 + t * dx - x, a.1 + t * dy - y);
                (r + 0.5 - (px * px + py * py).sqrt()).clamp(0.0, 1.0)
            },
        );
    }

    /// A seat's mark of `radius` centred on `c`, filled with `colour`.
    fn mark(&mut self, mark: Mark, c: (f32, f32), radius: f32, colour: [u8; 3]) {
        let r = radius;
        let edge = |d: f32| (0.5 - d).clamp(0.0, 1.0);
        self.fill((c.0 - r - 1.0, c.1 - r - 1.0), (c.0 + r + 1.0, c.1 + r + 1.0), colour, |x, y| {
            let (dx, dy) = (x - c.0, y - c.1);
            match mark {
                // A disc (the ring's mark in the HUD, ●).
                Mark::Ring => edge((dx * dx + dy * dy).sqrt() - r),
                Mark::Square => edge(dx.abs().max(dy.abs()) - r * 0.85),
                Mark::Diamond => edge((dx.abs() + dy.abs()) / std::f32::consts::SQRT_2 - r * 0.8),
                // Pointing up: below the two upper sides and above the base.
                Mark::Triangle => {
                    let base = dy - r * 0.6;
                    let side = (dx.abs() * 0.866 - dy * 0.5) - r * 0.5;
                    edge(base.max(side))
                }
            }
        });
    }
}

/// The colour of the ply shown.
pub const FOCUS: [u8; 3] = [245, 158, 10];
/// The 50 % line.
const MIDDLE: [u8; 3] = [120, 120, 120];
/// The background, behind the plot.
const BACKGROUND: [u8; 4] = [16, 18, 20, 200];

/// Draws the graph: RGBA bytes (`width * height * 4`, rows from the top).
#[must_use]
pub fn draw(size: GraphSize, lines: &[GraphLine], focus: Option<usize>) -> Vec<u8> {
    let mut canvas = Canvas {
        width: size.width,
        height: size.height,
        pixels: BACKGROUND.repeat((size.width * size.height) as usize),
    };
    let middle = size.y_of(0.5);
    let (left, right) = (size.x_of(0), size.x_of(size.plies));
    canvas.line((left, middle), (right, middle), 1.0, MIDDLE);
    if let Some(ply) = focus.filter(|&p| p <= size.plies) {
        let x = size.x_of(ply);
        canvas.line((x, 2.0), (x, size.height as f32 - 2.0), 3.0, FOCUS);
    }
    for line in lines {
        let points: Vec<(f32, f32)> =
            line.chances.iter().enumerate().map(|(ply, &c)| (size.x_of(ply), size.y_of(c))).collect();
        for pair in points.windows(2) {
            canvas.line(pair[0], pair[1], 2.5, line.colour);
        }
    }
    for line in lines {
        for &(ply, colour) in &line.flagged {
            if let Some(&c) = line.chances.get(ply) {
                let at = (size.x_of(ply), size.y_of(c));
                canvas.mark(line.mark, at, 6.0, [20, 20, 20]);
                canvas.mark(line.mark, at, 4.5, colour);
            }
        }
        if let Some((ply, &c)) = line.chances.iter().enumerate().next_back() {
            canvas.mark(line.mark, (size.x_of(ply), size.y_of(c)), 5.0, line.colour);
        }
    }
    canvas.pixels
}

/// The graph's picture size, in pixels (the node stretches it).
pub(super) const GRAPH_SIZE: (u32, u32) = (720, 160);

/// The review's graph (automation reports where it is).
#[derive(Component)]
pub struct ReviewGraph;

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel(pixels: &[u8], size: GraphSize, x: f32, y: f32) -> [u8; 4] {
        let i = ((y as usize) * size.width as usize + x as usize) * 4;
        [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]]
    }

    fn close(a: [u8; 4], b: [u8; 3]) -> bool {
        a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= 12)
    }

    #[test]
    fn each_seats_line_passes_through_its_chances_in_its_colour() {
        let size = GraphSize { width: 400, height: 100, plies: 4 };
        let south = GraphLine {
            colour: [200, 40, 30],
            mark: Mark::Ring,
            chances: vec![0.5, 0.6, 0.8, 0.9, 1.0],
            flagged: vec![],
        };
        let north = GraphLine {
            colour: [30, 80, 200],
            mark: Mark::Square,
            chances: vec![0.5, 0.4, 0.2, 0.1, 0.0],
            flagged: vec![],
        };
        let pixels = draw(size, &[south.clone(), north.clone()], None);
        assert_eq!(pixels.len(), 400 * 100 * 4);
        // Between plies 1 and 2 (half-way), each line is at the mean chance.
        let x = (size.x_of(1) + size.x_of(2)) / 2.0;
        assert!(close(pixel(&pixels, size, x, size.y_of(0.7)), south.colour));
        assert!(close(pixel(&pixels, size, x, size.y_of(0.3)), north.colour));
        // Far from both lines: the background.
        assert!(close(pixel(&pixels, size, x, size.y_of(0.95)), [16, 18, 20]));
    }

    #[test]
    fn a_flagged_ply_and_the_ply_shown_are_marked() {
        let size = GraphSize { width: 300, height: 120, plies: 6 };
        let blunder = [255, 77, 46];
        let line = GraphLine {
            colour: [30, 160, 60],
            mark: Mark::Diamond,
            chances: vec![0.5, 0.5, 0.5, 0.1, 0.1],
            flagged: vec![(3, blunder)],
        };
        let pixels = draw(size, &[line], Some(5));
        assert!(close(pixel(&pixels, size, size.x_of(3), size.y_of(0.1)), blunder));
        assert!(close(pixel(&pixels, size, size.x_of(5), 30.0), FOCUS), "the ply shown");
        assert!(!close(pixel(&pixels, size, size.x_of(4), 30.0), FOCUS));
    }

    #[test]
    fn a_point_of_the_graph_is_the_nearest_ply() {
        let size = GraphSize { width: 208, height: 50, plies: 8 };
        assert_eq!(size.ply_at(0.0), 0);
        assert_eq!(size.ply_at(1.0), 8);
        assert_eq!(size.ply_at(size.x_of(3) / 208.0), 3);
        assert_eq!(size.ply_at((size.x_of(3) + 10.0) / 208.0), 3);
        assert_eq!(size.ply_at((size.x_of(3) + 14.0) / 208.0), 4);
    }
}
