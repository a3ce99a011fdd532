import sharp from 'sharp';

/** A WebP thumbnail, 384 px on the long side, for the library grid. */
export async function makeThumbnail(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .resize(384, 384, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}
