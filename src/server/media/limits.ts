/**
 * How big an uploaded picture may be. Every upload's declared size is read from its header
 * (src/server/media/inspect.ts) before anything decodes it, and checked against these numbers.
 * A file's size on disk says nothing about its decoded size: a 400 KB PNG can declare 20000 × 20000
 * (1.6 GB once decoded), a few KB of GIF can declare 65535 × 65535 or thousands of frames.
 */

/** The largest side any screen shows an uploaded picture at (level cards, word pictures, quiz images) ×2 for sharp screens. */
export const MAX_IMAGE_SIDE = 1600;

/**
 * JPEG/PNG over MAX_IMAGE_SIDE are decoded once on the server and shrunk (media/resize.ts); the
 * child's tablet only ever gets the ≤1600 px result. 120 million pixels takes every camera photo a
 * teacher can upload within the 25 MB limit: 10000 × 10000 scans, 108 MP phone photos
 * (12000 × 9000), 100 MP medium-format cameras. Above it a picture is a trick, not a photo. sharp
 * decodes JPEG at a reduced scale and PNG in strips while resizing, so this is CPU time, not
 * gigabytes of memory.
 */
export const MAX_STILL_PIXELS = 120_000_000;

/**
 * Pictures stored exactly as uploaded (GIF signs, whose frames must stay as recorded; WebP) are
 * decoded by every child's tablet, so one frame may be at most 4096 × 4096 (64 MB once decoded,
 * what an older tablet's browser still decodes). Signs are recorded at 480 × 360; a Full HD or even
 * 4K animation still fits.
 */
export const MAX_SERVED_PIXELS = 4096 * 4096;

/**
 * An animation (GIF, animated PNG or WebP) may have at most this many frames: 80 s at 25 frames a
 * second. A sign is 100–200 frames.
 */
export const MAX_FRAMES = 2000;

/**
 * Frames × frame size: the decoding work one loop of an animation costs the tablet (and the memory
 * a decoder that keeps every frame would need, 4 bytes a pixel). A 480 × 360 sign of 150 frames is
 * 26 million; 400 million leaves fifteen times that, e.g. 1280 × 720 for 430 frames, and refuses a
 * tiny file whose thousands of frames each cover a large screen.
 */
export const MAX_ANIMATION_PIXELS = 400_000_000;
