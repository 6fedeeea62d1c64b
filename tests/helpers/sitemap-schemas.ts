/**
 * A sitemap checked against the sitemaps.org schemas in tests/fixtures/sitemaps by libxml2's xmllint,
 * the WebAssembly build from the npm registry (`xmllint-wasm`), so `npm test` needs no system binary.
 */
import fs from 'fs';
import path from 'path';
import { validateXML } from 'xmllint-wasm';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures', 'sitemaps');

/** Every schema of the folder by its file name, where xmllint finds a schema's `schemaLocation` imports. */
const schemaFiles = () => fs.readdirSync(FIXTURES).filter((name) => name.endsWith('.xsd'))
  .map((fileName) => ({ fileName, contents: fs.readFileSync(path.join(FIXTURES, fileName), 'utf8') }));

/** Resolves when `xml` is valid against `schema` (a file name of the folder), else rejects with xmllint's messages. */
export async function validateSitemap(xml: string | Buffer, schema: string): Promise<void> {
  const files = schemaFiles();
  const main = files.find((file) => file.fileName === schema);
  if (!main) throw new Error(`no schema ${schema} in ${FIXTURES}`);
  const result = await validateXML({
    xml: { fileName: 'sitemap.xml', contents: typeof xml === 'string' ? xml : new Uint8Array(xml) },
    schema: main,
    preload: files.filter((file) => file !== main),
  });
  if (!result.valid) throw new Error(`invalid against ${schema}:\n${result.rawOutput}`);
}
