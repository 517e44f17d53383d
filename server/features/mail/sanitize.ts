import { sanitizeRichText } from '../../platform/rich-text.js';

/** Mail bodies use the platform's one sanitiser, keeping {{variable}} links for the platform to fill. */
export const sanitizeHtml = (html: string): string => sanitizeRichText(html, { templateLinks: true });
