import './mantine-more.css';

/** Loaded through `loadMoreStyles` (mantine-styles.ts): the chunk that carries mantine-more.css. */
export const MORE_STYLES = 'mantine-more';
