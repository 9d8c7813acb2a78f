import type {Plugin} from 'esbuild'

export const lazyListFormat: Plugin
