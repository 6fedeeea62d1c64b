/**
 * Absolute image URLs (decision 4): a stored media path is joined to the public URL; a missing image
 * becomes the placeholder (PLACEHOLDER_IMAGE_URL, default: the image shipped in public/images).
 */
import type { Core } from '@strapi/strapi';

export interface MediaFile {
  url?: string | null;
}

export type MediaUrl = (file: MediaFile | null | undefined) => string;
export type OptionalMediaUrl = (file: MediaFile | null | undefined) => string | null;

export const PLACEHOLDER_IMAGE_PATH = '/images/placeholder.svg';

export function absoluteUrl(publicUrl: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${publicUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

export function createMediaUrls(publicUrl: string, placeholderUrl: string): { image: MediaUrl; optionalImage: OptionalMediaUrl } {
  const optionalImage: OptionalMediaUrl = (file) => (file?.url ? absoluteUrl(publicUrl, file.url) : null);
  return {
    /** The image's absolute URL, or the placeholder. */
    image: (file) => optionalImage(file) ?? placeholderUrl,
    /** The image's absolute URL, or null (where the contract allows no image). */
    optionalImage,
  };
}

export function mediaUrlsFor(strapi: Core.Strapi) {
  const publicUrl = String(strapi.config.get('server.url'));
  const placeholder = process.env.PLACEHOLDER_IMAGE_URL || absoluteUrl(publicUrl, PLACEHOLDER_IMAGE_PATH);
  return createMediaUrls(publicUrl, placeholder);
}
