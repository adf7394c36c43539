//! Screenshots read back as pixels: a real render is not blank and shows
//! the board's colours where they belong.

use std::path::Path;

/// An RGB screenshot.
pub struct Shot {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Shot {
    /// Reads a PNG written by the game.
    pub fn load(path: &Path) -> Result<Shot, String> {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().map_err(|e| format!("{}: {e}", path.display()))?;
        let mut buffer = vec![0; reader.output_buffer_size().ok_or("PNG too large")?];
        let info = reader.next_frame(&mut buffer).map_err(|e| format!("{}: {e}", path.display()))?;
        let channels = info.color_type.samples();
        let rgb = buffer[..info.buffer_size()].chunks(channels).flat_map(|p| [p[0], p[1], p[2]]).collect();
        Ok(Shot { width: info.width as usize, height: info.height as usize, rgb })
    }

    /// The mean colour of the (2r+1)² pixels around `(x, y)`.
    pub fn mean(&self, (x, y): (i64, i64), r: i64) -> [f32; 3] {
        let mut sum = [0.0; 3];
        let mut n: f32 = 0.0;
        for dy in -r..=r {
            for dx in -r..=r {
                let (px, py) = (x + dx, y + dy);
                if px < 0 || py < 0 || px as usize >= self.width || py as usize >= self.height {
                    continue;
                }
                let i = (py as usize * self.width + px as usize) * 3;
                for (c, s) in sum.iter_mut().enumerate() {
                    *s += f32::from(self.rgb[i + c]);
                }
                n += 1.0;
            }
        }
        sum.map(|s| s / n.max(1.0))
    }

    /// Standard deviation of the grey level over the whole image.
    pub fn contrast(&self) -> f32 {
        let greys: Vec<f32> =
            self.rgb.chunks(3).map(|p| (f32::from(p[0]) + f32::from(p[1]) + f32::from(p[2])) / 3.0).collect();
        let mean = greys.iter().sum::<f32>() / greys.len().max(1) as f32;
        (greys.iter().map(|g| (g - mean).powi(2)).sum::<f32>() / greys.len().max(1) as f32).sqrt()
    }

    /// Size in pixels.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }
}

/// Whether a colour reads as gold (the golden cell).
///
/// Bright and strongly saturated towards orange-yellow: the board's wood
/// (about `[205, 155, 105]`, saturation ≈ 0.5) does not pass.
pub fn is_gold([r, g, b]: [f32; 3]) -> bool {
    let saturation = (r - b) / r.max(1.0);
    r > 180.0 && g > 110.0 && g < r && b < g && saturation > 0.6
}

/// Whether a colour reads as South's vermillion.
pub fn is_south([r, g, b]: [f32; 3]) -> bool {
    r > 130.0 && r > g + 50.0 && r > b + 70.0
}
