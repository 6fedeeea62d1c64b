#!/usr/bin/env node
// Draws the demo images (public/images/demo/*.svg): skylines, islands, villas, interiors, dunes,
// portraits, developer logos and social icons, as plain SVG scenes, deterministic (same files on every
// run). They are committed; the first start uploads them to the media library as JPEGs
// (src/lib/seeding/demo-media.ts), and the sample provider data points at them as they are, served by the
// service itself (scripts/generate-sample-data.js). Run `node scripts/generate-demo-images.js` after
// changing a scene.
'use strict';

const fs = require('fs');
const path = require('path');
const { seededRandom } = require('./lib/seeded-random');

const OUT = path.resolve(__dirname, '..', 'public', 'images', 'demo');
const W = 1600;
const H = 1000;


const svg = (body, width = W, height = H) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n${body}\n</svg>\n`;

const gradient = (id, stops, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">` +
  stops.map(([offset, colour]) => `<stop offset="${offset}" stop-color="${colour}"/>`).join('') +
  '</linearGradient>';

const round = (n) => Math.round(n * 10) / 10;

/** Tower silhouettes along a horizon, optionally with lit windows and one tall spire. */
function towers({ seed, horizon, colour, count, maxHeight, lit, spireAt }) {
  const rnd = seededRandom(seed);
  const parts = [];
  let x = -20;
  for (let i = 0; i < count && x < W; i += 1) {
    const width = 50 + rnd() * 90;
    const height = 120 + rnd() * maxHeight;
    const top = horizon - height;
    parts.push(`<rect x="${round(x)}" y="${round(top)}" width="${round(width)}" height="${round(height)}" fill="${colour}"/>`);
    if (lit) {
      for (let wy = top + 14; wy < horizon - 14; wy += 22) {
        for (let wx = x + 8; wx < x + width - 12; wx += 16) {
          if (rnd() < 0.35) parts.push(`<rect x="${round(wx)}" y="${round(wy)}" width="7" height="10" fill="${lit}" opacity="${round(0.5 + rnd() * 0.5)}"/>`);
        }
      }
    }
    x += width + 4 + rnd() * 18;
  }
  if (spireAt !== undefined) {
    const cx = spireAt;
    parts.push(`<path d="M${cx - 40} ${horizon} L${cx - 22} ${horizon - 420} L${cx - 8} ${horizon - 560} L${cx} ${horizon - 760} L${cx + 8} ${horizon - 560} L${cx + 22} ${horizon - 420} L${cx + 40} ${horizon} Z" fill="${colour}"/>`);
  }
  return parts.join('\n');
}

function skyline({ seed, sky, sun, sea, building, lit, spireAt, stars }) {
  const horizon = 720;
  const rnd = seededRandom(seed + 1);
  const starField = stars
    ? Array.from({ length: 80 }, () => `<circle cx="${round(rnd() * W)}" cy="${round(rnd() * 420)}" r="${round(0.8 + rnd() * 1.6)}" fill="#fff" opacity="${round(0.3 + rnd() * 0.6)}"/>`).join('\n')
    : '';
  return svg(`<defs>${gradient('sky', sky)}${gradient('sea', sea)}</defs>
<rect width="${W}" height="${horizon}" fill="url(#sky)"/>
${starField}
${sun ? `<circle cx="${sun.x}" cy="${sun.y}" r="${sun.r}" fill="${sun.colour}" opacity="0.9"/>` : ''}
${towers({ seed: seed + 2, horizon, colour: building.far, count: 30, maxHeight: 260, lit: null })}
${towers({ seed, horizon, colour: building.near, count: 24, maxHeight: 380, lit, spireAt })}
<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#sea)"/>
${Array.from({ length: 26 }, (_, i) => `<rect x="${round((i * 137) % W)}" y="${horizon + 20 + ((i * 53) % 240)}" width="${60 + ((i * 29) % 120)}" height="3" fill="#fff" opacity="0.18"/>`).join('\n')}`);
}

function palmIsland() {
  const fronds = Array.from({ length: 8 }, (_, i) => {
    const angle = -70 + i * 20;
    return `<g transform="translate(800 560) rotate(${angle})"><rect x="-14" y="-330" width="28" height="260" rx="14" fill="#e9d8a6"/><rect x="-6" y="-320" width="12" height="240" rx="6" fill="#2d6a4f"/></g>`;
  }).join('\n');
  return svg(`<defs>${gradient('sea', [[0, '#0077b6'], [1, '#00b4d8']])}</defs>
<rect width="${W}" height="${H}" fill="url(#sea)"/>
<path d="M300 600 A520 520 0 0 1 1300 600" fill="none" stroke="#e9d8a6" stroke-width="36"/>
${fronds}
<rect x="770" y="560" width="60" height="420" fill="#e9d8a6"/>
<rect x="786" y="560" width="28" height="420" fill="#74c69d"/>
<circle cx="800" cy="560" r="70" fill="#e9d8a6"/>`);
}

function villa({ sky, wall, glass, ground }) {
  const palm = (x, scale) => `<g transform="translate(${x} 760) scale(${scale})">
<path d="M0 0 C10 -120 -10 -220 8 -320" stroke="#6b4f2a" stroke-width="18" fill="none"/>
${[-60, -25, 10, 45, 80].map((a) => `<path d="M8 -320 q${round(Math.cos((a * Math.PI) / 180) * 90)} ${round(-40 + Math.sin((a * Math.PI) / 180) * 40)} ${round(Math.cos((a * Math.PI) / 180) * 170)} ${round(40 + Math.sin((a * Math.PI) / 180) * 60)}" stroke="#2d6a4f" stroke-width="16" fill="none"/>`).join('')}
</g>`;
  return svg(`<defs>${gradient('sky', sky)}${gradient('pool', [[0, '#48cae4'], [1, '#0096c7']])}</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<rect y="760" width="${W}" height="240" fill="${ground}"/>
<rect x="380" y="420" width="760" height="340" fill="${wall}"/>
<rect x="300" y="380" width="920" height="44" fill="#f8f9fa"/>
<rect x="560" y="250" width="520" height="170" fill="${wall}"/>
<rect x="520" y="220" width="600" height="34" fill="#f8f9fa"/>
<rect x="430" y="470" width="300" height="260" fill="${glass}" opacity="0.85"/>
<rect x="780" y="470" width="300" height="260" fill="${glass}" opacity="0.85"/>
<rect x="620" y="290" width="400" height="110" fill="${glass}" opacity="0.85"/>
<rect x="260" y="800" width="1000" height="120" rx="6" fill="url(#pool)"/>
${palm(190, 1)}${palm(1380, 0.9)}`);
}

function interior() {
  const view = towers({ seed: 77, horizon: 620, colour: '#5c677d', count: 30, maxHeight: 240, lit: null, spireAt: 1050 });
  return svg(`<defs>${gradient('sky', [[0, '#8ecae6'], [1, '#f1faee']])}${gradient('floor', [[0, '#b08968'], [1, '#7f5539']])}</defs>
<rect width="${W}" height="${H}" fill="#ede0d4"/>
<svg x="200" y="120" width="1200" height="560" viewBox="0 0 ${W} 720" preserveAspectRatio="xMidYMid slice"><rect width="${W}" height="720" fill="url(#sky)"/>${view}</svg>
${[200, 600, 1000, 1400].map((x) => `<rect x="${x - 6}" y="120" width="12" height="560" fill="#f8f9fa"/>`).join('')}
<rect x="194" y="114" width="1212" height="12" fill="#f8f9fa"/>
<rect y="760" width="${W}" height="240" fill="url(#floor)"/>
<rect x="420" y="660" width="760" height="130" rx="30" fill="#e5e5e5"/>
<rect x="380" y="720" width="840" height="90" rx="26" fill="#d6d6d6"/>
<rect x="560" y="830" width="480" height="26" rx="8" fill="#343a40"/>
<circle cx="1330" cy="610" r="60" fill="#2d6a4f"/><rect x="1310" y="640" width="40" height="120" fill="#6c584c"/>`);
}

function dunes() {
  return svg(`<defs>${gradient('sky', [[0, '#ffb703'], [0.6, '#fb8500'], [1, '#f4a261']])}</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<circle cx="1180" cy="360" r="110" fill="#fff3b0" opacity="0.9"/>
<path d="M0 640 C300 520 520 700 820 600 C1100 510 1300 620 1600 560 L1600 1000 L0 1000 Z" fill="#e09f3e"/>
<path d="M0 760 C260 660 560 820 900 720 C1180 640 1400 760 1600 700 L1600 1000 L0 1000 Z" fill="#c97c2c"/>
<path d="M0 880 C340 800 640 940 1000 860 C1240 810 1420 880 1600 850 L1600 1000 L0 1000 Z" fill="#9c6644"/>`);
}

function construction() {
  const floors = Array.from({ length: 14 }, (_, i) => `<rect x="620" y="${820 - i * 44}" width="360" height="6" fill="#495057"/>`).join('');
  const columns = [620, 710, 800, 890, 974].map((x) => `<rect x="${x}" y="${820 - 13 * 44}" width="6" height="${13 * 44 + 6}" fill="#495057"/>`).join('');
  return svg(`<defs>${gradient('sky', [[0, '#a2d2ff'], [1, '#e0fbfc']])}</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<rect y="826" width="${W}" height="174" fill="#d4a373"/>
<rect x="620" y="520" width="360" height="306" fill="#adb5bd" opacity="0.7"/>
${floors}${columns}
<rect x="1120" y="160" width="24" height="666" fill="#ffb703"/>
<rect x="760" y="150" width="620" height="22" fill="#ffb703"/>
<path d="M1132 150 L1132 90 L1180 150 Z" fill="#ffb703"/>
<rect x="860" y="172" width="3" height="240" fill="#343a40"/><rect x="846" y="410" width="32" height="22" fill="#343a40"/>`);
}

function portrait({ background, skin, hair, shirt }) {
  return svg(`<rect width="800" height="800" fill="${background}"/>
<circle cx="400" cy="300" r="170" fill="${hair}"/>
<rect x="355" y="440" width="90" height="110" fill="${skin}"/>
<circle cx="400" cy="345" r="140" fill="${skin}"/>
<path d="M130 800 C150 610 260 550 400 550 C540 550 650 610 670 800 Z" fill="${shirt}"/>`, 800, 800);
}

/** A developer's logo mark: a geometric shape on the brand colour (the sample projects' developers). */
function logo(background, mark) {
  return svg(`<rect width="400" height="400" rx="48" fill="${background}"/>${mark}`, 400, 400);
}

/** Social network icons: a rounded square of the network's colour and a simple white glyph. */
function icon(colour, glyph) {
  return svg(`<rect width="64" height="64" rx="14" fill="${colour}"/>${glyph}`, 64, 64);
}

const SCENES = {
  'skyline-dusk': () => skyline({ seed: 11, sky: [[0, '#3a0ca3'], [0.55, '#f72585'], [1, '#ffb703']], sun: { x: 1250, y: 620, r: 90, colour: '#ffd166' }, sea: [[0, '#3a0ca3'], [1, '#240046']], building: { far: '#5a189a', near: '#240046' }, lit: '#ffd166', spireAt: 820 }),
  'downtown-day': () => skyline({ seed: 23, sky: [[0, '#48cae4'], [1, '#caf0f8']], sun: { x: 260, y: 180, r: 70, colour: '#fff3b0' }, sea: [[0, '#0096c7'], [1, '#023e8a']], building: { far: '#adb5bd', near: '#6c757d' }, lit: null, spireAt: 640 }),
  'marina-night': () => skyline({ seed: 37, sky: [[0, '#03045e'], [1, '#0077b6']], sea: [[0, '#023e8a'], [1, '#03045e']], building: { far: '#1b263b', near: '#0d1b2a' }, lit: '#ffe066', stars: true }),
  'palm-island': palmIsland,
  'villa-pool': () => villa({ sky: [[0, '#90e0ef'], [1, '#fefae0']], wall: '#f1f3f5', glass: '#457b9d', ground: '#ccd5ae' }),
  'island-villa': () => villa({ sky: [[0, '#ffafcc'], [1, '#ffd6a5']], wall: '#faedcd', glass: '#264653', ground: '#e9c46a' }),
  'beach-resort': () => villa({ sky: [[0, '#00b4d8'], [1, '#ade8f4']], wall: '#ffffff', glass: '#0077b6', ground: '#f4e3b5' }),
  'penthouse-interior': interior,
  'desert-dunes': dunes,
  'offplan-site': construction,
  'portrait-1': () => portrait({ background: '#cdb4db', skin: '#f1c27d', hair: '#3d2b1f', shirt: '#1d3557' }),
  'portrait-2': () => portrait({ background: '#bde0fe', skin: '#c68642', hair: '#111111', shirt: '#e63946' }),
  'portrait-3': () => portrait({ background: '#ffc8dd', skin: '#e0ac69', hair: '#6f4e37', shirt: '#2a9d8f' }),
  'portrait-4': () => portrait({ background: '#caffbf', skin: '#8d5524', hair: '#1b1b1b', shirt: '#f4a261' }),
  'logo-1': () => logo('#1d3557', '<path d="M200 80 L320 300 L80 300 Z" fill="none" stroke="#f1faee" stroke-width="24"/>'),
  'logo-2': () => logo('#9d0208', '<rect x="110" y="110" width="180" height="180" transform="rotate(45 200 200)" fill="none" stroke="#ffba08" stroke-width="24"/>'),
  'logo-3': () => logo('#2a9d8f', '<path d="M90 300 V190 A110 110 0 0 1 310 190 V300" fill="none" stroke="#fff" stroke-width="24"/><path d="M150 300 V200 A50 50 0 0 1 250 200 V300" fill="none" stroke="#fff" stroke-width="24"/>'),
  'logo-4': () => logo('#3c096c', '<circle cx="200" cy="200" r="110" fill="none" stroke="#e0aaff" stroke-width="24"/><circle cx="200" cy="200" r="40" fill="#e0aaff"/>'),
  'logo-5': () => logo('#bc6c25', '<rect x="100" y="170" width="50" height="130" fill="#fefae0"/><rect x="175" y="110" width="50" height="190" fill="#fefae0"/><rect x="250" y="140" width="50" height="160" fill="#fefae0"/>'),
  'logo-6': () => logo('#14213d', '<path d="M80 250 Q140 150 200 250 T320 250" fill="none" stroke="#fca311" stroke-width="24"/><path d="M80 180 Q140 80 200 180 T320 180" fill="none" stroke="#fca311" stroke-width="24"/>'),
  'icon-instagram': () => icon('#c13584', '<rect x="16" y="16" width="32" height="32" rx="9" fill="none" stroke="#fff" stroke-width="4"/><circle cx="32" cy="32" r="7" fill="none" stroke="#fff" stroke-width="4"/><circle cx="42" cy="22" r="2.5" fill="#fff"/>'),
  'icon-linkedin': () => icon('#0a66c2', '<rect x="17" y="27" width="7" height="20" fill="#fff"/><circle cx="20.5" cy="19.5" r="4" fill="#fff"/><path d="M29 27h7v3c1.5-2.5 4-3.5 6.5-3.5 4.5 0 6.5 3 6.5 8V47h-7V36c0-2.5-1-4-3.2-4S36 33.5 36 36v11h-7Z" fill="#fff"/>'),
  'icon-youtube': () => icon('#ff0000', '<rect x="12" y="19" width="40" height="26" rx="8" fill="#fff"/><path d="M28 25v14l12-7Z" fill="#ff0000"/>'),
  'icon-x': () => icon('#000000', '<path d="M18 17h9l19 30h-9Z" fill="#fff"/><path d="M44 17h-4L20 47h4Z" fill="#fff"/>'),
};

function main() {
  fs.mkdirSync(OUT, { recursive: true });
  for (const [name, draw] of Object.entries(SCENES)) fs.writeFileSync(path.join(OUT, `${name}.svg`), draw());
  console.log(`wrote ${Object.keys(SCENES).length} images to ${path.relative(process.cwd(), OUT) || '.'}`);
}

if (require.main === module) main();
module.exports = { SCENES };
