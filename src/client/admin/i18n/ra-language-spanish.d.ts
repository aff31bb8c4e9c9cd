declare module '@blackbox-vision/ra-language-spanish' {
  import type { TranslationMessages } from 'react-admin';
  const spanishMessages: TranslationMessages;
  export default spanishMessages;
}
