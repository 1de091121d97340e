import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { spaTestConfig } from '../../packages/ui/config/spa-config'; // by path: Node loads a config's package imports untranspiled
import { localePacks } from './locale-packs';

export default defineProject(spaTestConfig(import.meta.url, 'web', { plugins: [react(), localePacks()] }));
