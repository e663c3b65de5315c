/**
 * What popup.js lends the files beside it (form-extras.js, form-actions.js), published as `window.__mcsf.rt` when
 * popup.js runs: build.mjs resolves those files' imports of the modules below to this object, so they ship no second
 * copy of Preact (hooks must run on the renderer that renders them), the sanitizer, the field frame or the helpers
 * popup.js carries anyway (docs/decisions/fetched-when-needed.md: every byte once). This file is the list: build.mjs
 * reads its imports, and a name a file beside popup.js imports from a lent module but that is not lent here fails that
 * file's build.
 */
import { createElement, Fragment, useEffect, useState } from 'react';
import { setCookie, subscribedName } from '../browser/cookies';
import { addScript } from '../browser/script';
import { GDPR_VALUE, inputsOf } from '../form-model/field-inputs';
import { obj, str } from '../form-model/raw';
import { beside, loadBeside } from './beside';
import { CloseButton } from './CloseButton';
import { aria, Req, Single, val, Wrap } from './form/inputs';
import { withActions } from './form/with-actions';
import { Html } from './html/Html';
import { safeUrl } from './html/policy';

/** The lent parts, by the names the files beside popup.js import them under. */
export const RUNTIME = {
  createElement,
  Fragment,
  useEffect,
  useState,
  setCookie,
  subscribedName,
  addScript,
  GDPR_VALUE,
  inputsOf,
  obj,
  str,
  beside,
  loadBeside,
  CloseButton,
  aria,
  Req,
  Single,
  val,
  Wrap,
  Html,
  safeUrl,
  withActions,
};
