/// <reference types="astro/client" />
declare module 'virtual:atrium/config' {
  const config: import('./options.js').AtriumConfig;
  export default config;
}
