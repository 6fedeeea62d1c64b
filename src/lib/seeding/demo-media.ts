/**
 * Demo images for the media library, made locally at seed time: each scene of public/images/demo
 * (SVG, drawn by scripts/generate-demo-images.js) is rendered to a JPEG large enough for Strapi's
 * responsive formats and uploaded through the upload plugin, like an editor's upload. Icons stay SVG.
 * A scene already in the library (by file name) is reused, so seeders can share images.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import sharp from 'sharp';
import type { Core } from '@strapi/strapi';

const FILE_UID = 'plugin::upload.file';

interface UploadedFile {
  id: number;
}

interface UploadService {
  upload(input: {
    data: { fileInfo: { name: string; alternativeText: string; caption: string } };
    files: { filepath: string; originalFilename: string; mimetype: string; size: number };
  }): Promise<UploadedFile[]>;
}

const demoScenePath = (strapi: Core.Strapi, scene: string) => path.join(strapi.dirs.static.public, 'images', 'demo', `${scene}.svg`);

const isIcon = (scene: string) => scene.startsWith('icon-');
const fileName = (scene: string) => `${scene}.${isIcon(scene) ? 'svg' : 'jpg'}`;

/** Wide enough for every responsive format Strapi makes (its largest, "large", is 1000 pixels wide). */
const RENDER_WIDTH = 1280;

/** The scene as the file to upload: a JPEG for pictures (quality 82), the SVG itself for icons. */
async function renderScene(strapi: Core.Strapi, scene: string, dir: string): Promise<{ filepath: string; mimetype: string }> {
  const source = demoScenePath(strapi, scene);
  if (isIcon(scene)) return { filepath: source, mimetype: 'image/svg+xml' };
  const filepath = path.join(dir, fileName(scene));
  await sharp(source).resize({ width: RENDER_WIDTH, withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toFile(filepath);
  return { filepath, mimetype: 'image/jpeg' };
}

export interface DemoMedia {
  /** The media-library id of the scene's image, uploading it on first use; `alt` describes it. */
  image(scene: string, alt: string): Promise<number>;
}

/** Runs `seed` with a DemoMedia whose temporary renderings are removed afterwards. */
export async function withDemoMedia<T>(strapi: Core.Strapi, seed: (media: DemoMedia) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-media-'));
  const uploads = strapi.plugin('upload').service('upload') as unknown as UploadService;

  async function image(scene: string, alt: string): Promise<number> {
    const name = fileName(scene);
    const existing = (await strapi.db.query(FILE_UID).findOne({ where: { name }, select: ['id'] })) as UploadedFile | null;
    if (existing) return existing.id;
    const { filepath, mimetype } = await renderScene(strapi, scene, dir);
    const [file] = await uploads.upload({
      data: { fileInfo: { name, alternativeText: alt, caption: '' } },
      files: { filepath, originalFilename: name, mimetype, size: fs.statSync(filepath).size },
    });
    return file.id;
  }

  try {
    return await seed({ image });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
