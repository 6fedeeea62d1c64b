/**
 * How a page section reads its listing query, this domain's front door to it for the editors' fields
 * (decision 227): what a section asks of which catalogue, the parameters it sets itself, and the
 * catalogues' readers with the sentence a refusal shows. A service file rather than an `index.ts`, as
 * the catalogues' registry.ts says.
 */
export { liveAsk, type SectionRecord } from '../lib/sections';
export { checkSentence, SET_BY_SECTION } from '../lib/live-queries';
export { readerIn } from './page-writes';
