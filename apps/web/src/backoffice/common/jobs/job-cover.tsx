import { Box, Image } from '@mantine/core';
import { useState } from 'react';

/** Gradient placeholders for jobs without a cover, picked by the title so a job keeps its colour. */
const PLACEHOLDER_GRADIENTS = [
  'linear-gradient(135deg, #4c6ef5 0%, #7950f2 100%)',
  'linear-gradient(135deg, #12b886 0%, #228be6 100%)',
  'linear-gradient(135deg, #f76707 0%, #e64980 100%)',
  'linear-gradient(135deg, #15aabf 0%, #4c6ef5 100%)',
  'linear-gradient(135deg, #7950f2 0%, #e64980 100%)',
];

function pickGradient(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PLACEHOLDER_GRADIENTS[hash % PLACEHOLDER_GRADIENTS.length] ?? PLACEHOLDER_GRADIENTS[0]!;
}

/**
 * A job or template cover, or a coloured placeholder when it has none or it fails to load
 * (a stock photo taken down, an address no longer served): never a broken-image icon.
 */
export function JobCover({ url, seed, height }: { url: string; seed: string; height: number }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url && failedUrl !== url) {
    return (
      <Image
        src={url}
        h={height}
        fit="cover"
        alt=""
        loading="lazy"
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <Box
      h={height}
      style={{ background: pickGradient(seed) }}
      aria-hidden
      data-testid="cover-placeholder"
    />
  );
}
