import { METADATA } from '../constants/widget.ts';

/** Page metadata cut to what the display API takes (METADATA), so a long address never costs a pop-up or a lead. */
export const clipText = (text: string, max: number = METADATA.TEXT_MAX_CHARS) => text.slice(0, max);

/** This page's address, cut to fit. */
export const pageUrl = () => clipText(location.href);

/** Joins the API base and a path without doubling or dropping the slash. */
export const apiUrl = (api: string, path: string) => `${api.replace(/\/+$/, '')}${path}`;
