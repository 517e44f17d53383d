import { Typography } from '@mantine/core';
import classes from './RichCopy.module.css';

/**
 * Copy as visitors read it: sanitised HTML (the server sanitises every text before it is stored) set for
 * reading on a phone and a desktop. The public pages show it, and the editors' previews show the same.
 */
export function RichCopy({ html, className }: { html: string; className?: string }) {
  return (
    <Typography className={className ? `${classes.copy} ${className}` : classes.copy}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
