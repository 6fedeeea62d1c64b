/**
 * Records as the pure shaping functions read them, derived from the generated content-type typings
 * (types/generated, `npx strapi ts:generate-types`): every attribute of the schema, optional and
 * nullable (a single type never saved, a field left empty); media as the file fields read (`url`);
 * components as records of their own schema. A renamed or removed attribute fails to compile where it
 * is read, instead of reading undefined at run time.
 */
import type { Schema, UID } from '@strapi/strapi';
import type { MediaFile } from './media';

type ValueOf<TAttribute> =
  TAttribute extends Schema.Attribute.Media<infer _Kind, infer Multiple>
    ? Multiple extends true ? MediaFile[] : MediaFile
    : TAttribute extends Schema.Attribute.Component<infer Target, infer Repeatable>
      ? Repeatable extends true ? Array<RecordOf<Target>> : RecordOf<Target>
      : TAttribute extends Schema.Attribute.Attribute ? Schema.Attribute.Value<TAttribute> : never;

export type RecordOf<TSchemaUID extends UID.Schema> = {
  [Name in Schema.AttributeNames<TSchemaUID>]?: ValueOf<Schema.AttributeByName<TSchemaUID, Name>> | null;
};
