import { defineProject } from 'vitest/config';

// Checks of the repository itself (the lockfile).
export default defineProject({ test: { name: 'repository', include: ['*.test.ts'] } });
