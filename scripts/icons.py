"""The app icon (a rocket climbing toward a crescent Moon), drawn as PNG with the standard
library only: shapes as signed distances, one anti-aliased sample per pixel, zlib + struct.

``png(size, maskable)`` returns the file's bytes. A plain icon is a rounded square with
transparent corners; a maskable one is full-bleed with everything inside the central 80 %
circle, the safe zone any platform mask keeps.
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable

Colour = tuple[int, int, int]

NIGHT: Colour = (0x0E, 0x15, 0x30)  # --night of public/style.css: theme and background
NIGHT2: Colour = (0x1A, 0x24, 0x50)
GOLD: Colour = (0xF2, 0xB6, 0x32)  # --gold
PAPER: Colour = (0xF4, 0xEC, 0xD8)  # --paper
RED: Colour = (0xB3, 0x26, 0x1E)  # --ussr
BLUE: Colour = (0x1D, 0x4F, 0x91)  # --usa
FLAME: Colour = (0xF2, 0x7A, 0x1E)

# A shape: (x, y) in artwork units (the art spans -1..1 both ways) -> signed distance in
# the same units (negative inside).
Shape = Callable[[float, float], float]


def circle(cx: float, cy: float, r: float) -> Shape:
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def ellipse(cx: float, cy: float, a: float, b: float, angle: float = 0.0) -> Shape:
    """Approximate distance to an ellipse with semi-axes a (along ``angle``) and b."""
    c, s = math.cos(angle), math.sin(angle)
    k = min(a, b)

    def d(x: float, y: float) -> float:
        dx, dy = x - cx, y - cy
        u, v = dx * c + dy * s, -dx * s + dy * c
        return (math.hypot(u / a, v / b) - 1.0) * k

    return d


def minus(a: Shape, b: Shape) -> Shape:
    return lambda x, y: max(a(x, y), -b(x, y))


def both(a: Shape, b: Shape) -> Shape:
    return lambda x, y: max(a(x, y), b(x, y))


def beyond(px: float, py: float, nx: float, ny: float) -> Shape:
    """The half-plane past the point (px, py) in the direction (nx, ny), a unit vector."""
    return lambda x, y: -((x - px) * nx + (y - py) * ny)


def rounded_square(half: float, radius: float) -> Shape:
    def d(x: float, y: float) -> float:
        qx, qy = abs(x) - half + radius, abs(y) - half + radius
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
        return outside + min(max(qx, qy), 0.0) - radius

    return d


def artwork(scale: float) -> list[tuple[Shape, Colour]]:
    """Shapes back to front; ``scale`` shrinks the art toward the centre (maskable)."""
    tilt = -math.pi / 4  # the rocket climbs to the upper right
    ax, ay = math.cos(tilt), math.sin(tilt)  # unit vector along the rocket, nose first

    def along(t: float, n: float = 0.0) -> tuple[float, float]:
        """A point t along the rocket's axis (from its centre) and n across it."""
        return (-0.12 + t * ax - n * ay) * scale, (0.1 + t * ay + n * ax) * scale

    moon = minus(circle(0.42 * scale, -0.45 * scale, 0.36 * scale),
                 circle(0.6 * scale, -0.6 * scale, 0.3 * scale))
    stars = [circle(x * scale, y * scale, r * scale)
             for x, y, r in ((-0.62, -0.55, 0.035), (-0.2, -0.78, 0.025), (0.7, 0.28, 0.03),
                             (0.35, 0.72, 0.025), (-0.75, 0.2, 0.02))]
    fx, fy = along(-0.52)
    fl = ellipse(fx, fy, 0.2 * scale, 0.085 * scale, tilt)
    fx2, fy2 = along(-0.46)
    fl2 = ellipse(fx2, fy2, 0.12 * scale, 0.045 * scale, tilt)
    fins = []
    for side in (1.0, -1.0):
        px, py = along(-0.25, side * 0.15)
        fins.append(ellipse(px, py, 0.17 * scale, 0.06 * scale, tilt + side * 0.55))
    bx, by = along(0.0)
    body = ellipse(bx, by, 0.46 * scale, 0.15 * scale, tilt)
    wx, wy = along(0.1)
    window = circle(wx, wy, 0.075 * scale)
    pane = circle(wx, wy, 0.05 * scale)
    nose = both(body, beyond(*along(0.3), ax, ay))
    band = both(body, both(beyond(*along(-0.24), ax, ay), beyond(*along(-0.14), -ax, -ay)))
    return [
        (moon, GOLD), *((star, PAPER) for star in stars),
        (fl, FLAME), (fl2, GOLD), *((fin, RED) for fin in fins),
        (body, PAPER), (nose, RED), (band, BLUE),
        (window, BLUE), (pane, NIGHT2),
    ]


def render(size: int, maskable: bool) -> bytes:
    """Raw RGBA rows of the icon, each prefixed by PNG filter byte 0."""
    background = rounded_square(1.0, 0.0 if maskable else 0.36)
    shapes = artwork(0.72 if maskable else 0.9)
    px = 2.0 / size  # artwork units per pixel
    rows = bytearray()
    for j in range(size):
        rows.append(0)
        y = -1.0 + (j + 0.5) * px
        top = (y + 1.0) / 2.0
        bg = tuple(round(a + (b - a) * top) for a, b in zip(NIGHT2, NIGHT, strict=True))
        for i in range(size):
            x = -1.0 + (i + 0.5) * px
            alpha = min(max(0.5 - background(x, y) / px, 0.0), 1.0)
            if alpha == 0.0:
                rows += b"\0\0\0\0"
                continue
            r, g, b = float(bg[0]), float(bg[1]), float(bg[2])
            for shape, colour in shapes:
                cover = 0.5 - shape(x, y) / px
                if cover <= 0.0:
                    continue
                cover = min(cover, 1.0)
                r += (colour[0] - r) * cover
                g += (colour[1] - g) * cover
                b += (colour[2] - b) * cover
            rows += bytes((round(r), round(g), round(b), round(alpha * 255)))
    return bytes(rows)


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(size: int, maskable: bool = False) -> bytes:
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(render(size, maskable), 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    import sys
    from pathlib import Path

    out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    for name, size, mask in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                             ("icon-maskable-512.png", 512, True)):
        (out / name).write_bytes(png(size, mask))
