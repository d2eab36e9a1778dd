/**
 * How the built-in covers are drawn: small abstract landscapes as SVG from a few parameters,
 * deterministic so each cover is the same on every start. The gallery's list is in
 * cover-definitions.ts.
 */

const WIDTH = 1600;
const HEIGHT = 900;

/** A small deterministic generator, so each cover is drawn the same on every start. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const round = (n: number): number => Math.round(n);

function linearGradient(id: string, colors: readonly string[], horizontal = false): string {
  const stops = colors
    .map((color, index) => {
      const offset = colors.length === 1 ? 0 : round((index / (colors.length - 1)) * 100);
      return `<stop offset="${offset}%" stop-color="${color}"/>`;
    })
    .join('');
  const direction = horizontal ? 'x2="1" y2="0"' : 'x2="0" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${direction}>${stops}</linearGradient>`;
}

function radialGlow(id: string, color: string): string {
  return `<radialGradient id="${id}"><stop offset="0%" stop-color="${color}" stop-opacity=".9"/><stop offset="100%" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

/** A smooth wave across the picture, filled down to the bottom edge. */
function wavePath(baseline: number, amplitude: number, wavelength: number, phase = 0): string {
  const quarter = wavelength / 4;
  let d = `M${round(-phase)} ${baseline}Q${round(-phase + quarter)} ${baseline - amplitude} ${round(-phase + 2 * quarter)} ${baseline}`;
  for (let x = -phase + 2 * quarter; x < WIDTH; x += 2 * quarter) {
    d += `T${round(x + 2 * quarter)} ${baseline}`;
  }
  return `${d}V${HEIGHT}H${round(-phase)}Z`;
}

/** A jagged ridge of peaks between `top` and `bottom`, filled down to the bottom edge. */
function ridgePoints(
  random: () => number,
  top: number,
  bottom: number,
  minStep = 90,
  maxStep = 220,
): [number, number][] {
  const points: [number, number][] = [[0, round(bottom - random() * (bottom - top) * 0.5)]];
  let x = 0;
  while (x < WIDTH) {
    x = Math.min(WIDTH, x + minStep + random() * (maxStep - minStep));
    points.push([round(x), round(top + random() * (bottom - top))]);
  }
  return points;
}

function ridgePath(points: readonly [number, number][]): string {
  return `M${points.map(([x, y]) => `${x} ${y}`).join('L')}V${HEIGHT}H0Z`;
}

function svgDocument(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" preserveAspectRatio="xMidYMid slice"><defs>${defs}</defs>${body}</svg>`;
}

const background = (id = 'bg') => `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${id})"/>`;

export function drawOcean(): string {
  const waves = [
    { y: 520, a: 40, w: 900, p: 0, c: '#5fb7d4', o: 0.55 },
    { y: 600, a: 50, w: 700, p: 200, c: '#2d8bb7', o: 0.7 },
    { y: 690, a: 45, w: 820, p: 90, c: '#1a6a99', o: 0.85 },
    { y: 780, a: 35, w: 600, p: 310, c: '#0f4c75', o: 1 },
  ];
  return svgDocument(
    linearGradient('bg', ['#d8f1f7', '#9fd8ea', '#4aa3c8']) + radialGlow('sun', '#fff6d5'),
    `${background()}<circle cx="1220" cy="250" r="220" fill="url(#sun)"/>${waves
      .map((w) => `<path d="${wavePath(w.y, w.a, w.w, w.p)}" fill="${w.c}" opacity="${w.o}"/>`)
      .join('')}`,
  );
}

export function drawSunsetHills(): string {
  const hills = [
    { y: 560, a: 70, w: 1500, p: 300, c: '#b0486d' },
    { y: 650, a: 60, w: 1200, p: 0, c: '#7c2f5f' },
    { y: 760, a: 50, w: 1700, p: 500, c: '#4a1d4a' },
  ];
  return svgDocument(
    linearGradient('bg', ['#3b2667', '#bc4e9c', '#f88b4d', '#ffd27f']) +
      radialGlow('sun', '#ffe9a8'),
    `${background()}<circle cx="800" cy="560" r="360" fill="url(#sun)"/><circle cx="800" cy="560" r="150" fill="#ffe08a"/>${hills
      .map((h) => `<path d="${wavePath(h.y, h.a, h.w, h.p)}" fill="${h.c}"/>`)
      .join('')}`,
  );
}

export function drawForest(): string {
  const random = seededRandom(7);
  const layers = [
    { top: 260, bottom: 520, c: '#8fbf9f', o: 0.8 },
    { top: 380, bottom: 640, c: '#4f8f6a', o: 0.9 },
    { top: 500, bottom: 760, c: '#2c6149', o: 1 },
    { top: 640, bottom: 860, c: '#173b2d', o: 1 },
  ];
  return svgDocument(
    linearGradient('bg', ['#e7f4e4', '#c3e2c2', '#9ccaa6']),
    `${background()}${layers
      .map(
        (l) =>
          `<path d="${ridgePath(ridgePoints(random, l.top, l.bottom, 40, 110))}" fill="${l.c}" opacity="${l.o}"/>`,
      )
      .join('')}`,
  );
}

export function drawSnowyMountains(): string {
  const random = seededRandom(21);
  const back = ridgePoints(random, 180, 520, 180, 320);
  const front = ridgePoints(random, 380, 700, 140, 260);
  const caps = (points: readonly [number, number][]) =>
    points
      .map(([x, y], index) => {
        const prev = points[index - 1];
        const next = points[index + 1];
        if (!prev || !next || y >= prev[1] || y >= next[1]) return '';
        const left: [number, number] = [x + (prev[0] - x) * 0.38, y + (prev[1] - y) * 0.38];
        const right: [number, number] = [x + (next[0] - x) * 0.38, y + (next[1] - y) * 0.38];
        const mid = (left[1] + right[1]) / 2;
        return `<path d="M${round(left[0])} ${round(left[1])}L${x} ${y}L${round(right[0])} ${round(right[1])}L${round((x + right[0]) / 2)} ${round(mid - 12)}L${x} ${round(mid + 10)}L${round((x + left[0]) / 2)} ${round(mid - 12)}Z" fill="#ffffff"/>`;
      })
      .join('');
  return svgDocument(
    linearGradient('bg', ['#cfe3f6', '#eef5fb']),
    `${background()}<path d="${ridgePath(back)}" fill="#7d96b5"/>${caps(back)}<path d="${ridgePath(front)}" fill="#3f5a7d"/>${caps(front)}<path d="${wavePath(820, 20, 1400, 100)}" fill="#f4f8fc"/>`,
  );
}

function buildingsPath(random: () => number, minHeight: number, maxHeight: number): string {
  let d = '';
  let x = -20;
  while (x < WIDTH) {
    const width = 70 + random() * 90;
    const height = minHeight + random() * (maxHeight - minHeight);
    d += `M${round(x)} ${HEIGHT}V${round(HEIGHT - height)}h${round(width)}V${HEIGHT}Z`;
    x += width + 6 + random() * 14;
  }
  return d;
}

export function drawCity(): string {
  const random = seededRandom(3);
  const back = buildingsPath(random, 260, 560);
  const front = buildingsPath(random, 140, 380);
  return svgDocument(
    linearGradient('bg', ['#1d2b64', '#5a3f8f', '#f8a58a']) +
      '<pattern id="win" width="28" height="36" patternUnits="userSpaceOnUse"><rect x="8" y="10" width="10" height="14" fill="#ffd98a" opacity=".55"/></pattern>',
    `${background()}<path d="${back}" fill="#3a3570" opacity=".85"/><path d="${front}" fill="#1b1c3a"/><path d="${front}" fill="url(#win)"/>`,
  );
}

export function drawDunes(): string {
  const dunes = [
    { y: 560, a: 90, w: 1800, p: 600, c: '#f2c48d' },
    { y: 660, a: 80, w: 1500, p: 150, c: '#e39f5f' },
    { y: 780, a: 60, w: 2000, p: 900, c: '#c7773d' },
  ];
  return svgDocument(
    linearGradient('bg', ['#fbe3c0', '#f7c59f', '#f2a07b']) + radialGlow('sun', '#fff1c4'),
    `${background()}<circle cx="420" cy="300" r="240" fill="url(#sun)"/><circle cx="420" cy="300" r="90" fill="#fff4d1"/>${dunes
      .map((d) => `<path d="${wavePath(d.y, d.a, d.w, d.p)}" fill="${d.c}"/>`)
      .join('')}`,
  );
}

function stars(random: () => number, count: number, maxY: number): string {
  let circles = '';
  for (let i = 0; i < count; i += 1) {
    const r = (0.8 + random() * 2.2).toFixed(1);
    const opacity = (0.4 + random() * 0.6).toFixed(2);
    circles += `<circle cx="${round(random() * WIDTH)}" cy="${round(random() * maxY)}" r="${r}" opacity="${opacity}"/>`;
  }
  return `<g fill="#ffffff">${circles}</g>`;
}

export function drawNightSky(): string {
  const random = seededRandom(11);
  return svgDocument(
    linearGradient('bg', ['#050a1f', '#13224d', '#2b3f7a']) + radialGlow('moon', '#dfe8ff'),
    `${background()}${stars(random, 70, 620)}<circle cx="1240" cy="210" r="200" fill="url(#moon)" opacity=".6"/><circle cx="1240" cy="210" r="70" fill="#f4f6ff"/><path d="${ridgePath(ridgePoints(random, 640, 800, 120, 240))}" fill="#0a1026"/>`,
  );
}

export function drawAurora(): string {
  const random = seededRandom(5);
  const band = (id: string, y: number, amplitude: number) =>
    `<path d="M0 ${y}C400 ${y - amplitude} 800 ${y + amplitude} 1600 ${y - amplitude / 2}V${y + 260}C1100 ${y + 200} 500 ${y + 320} 0 ${y + 240}Z" fill="url(#${id})" opacity=".75"/>`;
  const fade = (id: string, color: string) =>
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="${color}"/><stop offset="100%" stop-color="${color}" stop-opacity="0"/></linearGradient>`;
  return svgDocument(
    linearGradient('bg', ['#020b1c', '#0b2236', '#123247']) +
      fade('a1', '#39f3bb') +
      fade('a2', '#8a5cff') +
      fade('a3', '#2fd2ff'),
    `${background()}${stars(random, 50, 500)}${band('a2', 160, 120)}${band('a1', 260, 160)}${band('a3', 360, 100)}<path d="${ridgePath(ridgePoints(random, 660, 820, 100, 200))}" fill="#04101c"/>`,
  );
}

export function drawTechGrid(): string {
  const random = seededRandom(17);
  const nodes: [number, number][] = [];
  for (let i = 0; i < 26; i += 1) nodes.push([round(random() * WIDTH), round(random() * HEIGHT)]);
  let links = '';
  nodes.forEach(([x1, y1], i) => {
    nodes.slice(i + 1).forEach(([x2, y2]) => {
      if (Math.hypot(x2 - x1, y2 - y1) < 330) links += `M${x1} ${y1}L${x2} ${y2}`;
    });
  });
  return svgDocument(
    linearGradient('bg', ['#0a1633', '#10325c', '#0e5a7a'], true) +
      '<pattern id="grid" width="80" height="80" patternUnits="userSpaceOnUse"><path d="M80 0H0V80" fill="none" stroke="#5fd4ff" stroke-opacity=".12" stroke-width="2"/></pattern>',
    `${background()}<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#grid)"/><path d="${links}" stroke="#6fe3ff" stroke-opacity=".35" stroke-width="2"/><g fill="#9ff0ff">${nodes
      .map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="${i % 4 === 0 ? 9 : 5}"/>`)
      .join('')}</g>`,
  );
}

export function drawCommunity(): string {
  const random = seededRandom(29);
  const colors = ['#ff7a7a', '#ffc15e', '#6fd08c', '#5cc8ff', '#a98bff', '#ff8fd0'];
  let circles = '';
  for (let i = 0; i < 16; i += 1) {
    const r = 90 + random() * 170;
    circles += `<circle cx="${round(random() * WIDTH)}" cy="${round(random() * HEIGHT)}" r="${round(r)}" fill="${colors[i % colors.length]}" opacity=".5"/>`;
  }
  return svgDocument(linearGradient('bg', ['#fff8f0', '#fdeef4']), `${background()}${circles}`);
}

function mixColor(from: string, to: string, t: number): string {
  const channel = (hex: string, index: number) =>
    parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);
  const mixed = [0, 1, 2].map((index) => {
    const value = round(channel(from, index) + (channel(to, index) - channel(from, index)) * t);
    return Math.min(255, Math.max(0, value)).toString(16).padStart(2, '0');
  });
  return `#${mixed.join('')}`;
}

export function drawGeometric(): string {
  const random = seededRandom(13);
  const columns = 8;
  const rows = 5;
  const cellWidth = WIDTH / columns;
  const cellHeight = HEIGHT / rows;
  const points: [number, number][][] = [];
  for (let row = 0; row <= rows; row += 1) {
    const line: [number, number][] = [];
    for (let column = 0; column <= columns; column += 1) {
      const inner = row > 0 && row < rows && column > 0 && column < columns;
      const jitter = (size: number) => (inner ? (random() - 0.5) * size * 0.6 : 0);
      line.push([
        round(column * cellWidth + jitter(cellWidth)),
        round(row * cellHeight + jitter(cellHeight)),
      ]);
    }
    points.push(line);
  }
  let triangles = '';
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const a = points[row]![column]!;
      const b = points[row]![column + 1]!;
      const c = points[row + 1]![column]!;
      const d = points[row + 1]![column + 1]!;
      const t = (column + row * 0.8) / (columns + rows * 0.8);
      const shade = (offset: number) =>
        mixColor(
          '#ff9a8b',
          '#6a5acd',
          Math.min(1, Math.max(0, t + offset + (random() - 0.5) * 0.12)),
        );
      triangles += `<path d="M${a[0]} ${a[1]}L${b[0]} ${b[1]}L${c[0]} ${c[1]}Z" fill="${shade(0)}"/><path d="M${b[0]} ${b[1]}L${d[0]} ${d[1]}L${c[0]} ${c[1]}Z" fill="${shade(0.05)}"/>`;
    }
  }
  return svgDocument('', triangles);
}

export function drawMeadow(): string {
  const random = seededRandom(19);
  const colors = ['#ffffff', '#ffe066', '#ff9fc4', '#c9a7ff'];
  let flowers = '';
  for (let i = 0; i < 60; i += 1) {
    flowers += `<circle cx="${round(random() * WIDTH)}" cy="${round(700 + random() * 190)}" r="${(4 + random() * 5).toFixed(1)}" fill="${colors[i % colors.length]}"/>`;
  }
  return svgDocument(
    linearGradient('bg', ['#bfe6ff', '#e9f7ff']) + radialGlow('sun', '#fffbe0'),
    `${background()}<circle cx="260" cy="180" r="200" fill="url(#sun)"/><path d="${wavePath(560, 60, 1900, 400)}" fill="#a8d672"/><path d="${wavePath(640, 50, 1400, 0)}" fill="#7cbf4f"/><path d="${wavePath(730, 40, 1700, 700)}" fill="#5aa23a"/>${flowers}`,
  );
}
