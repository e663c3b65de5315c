/** The loader's parameters every test layer starts from (src/types.ts `LoaderParams`): a production embed. */
import type { LoaderParams } from '../src/types';

/** `list.example.com`, account `u`, list `l`, content host `https://cdn.example.com/`; override what a case needs. */
export const PARAMS: LoaderParams = {
  baseUrl: 'list.example.com',
  uuid: 'u',
  lid: 'l',
  fId: '',
  dev: false,
  uniqueMethods: false,
  ignoreCookie: false,
  isPreview: false,
  cdn: 'https://cdn.example.com/',
};
