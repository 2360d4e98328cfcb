/**
 * The island of the rich-text editor: rendered as nothing on the server (the plain text area is the field), it
 * downloads the TipTap editor (TipTapEditor.tsx, ≈130 KB gzipped) in the browser once hydrated — so the server
 * never loads TipTap and the storefront never ships it.
 */
import { useEffect, useState, type ComponentType } from 'react';

export interface RichTextLabels {
  toolbar: string;
  bold: string;
  italic: string;
  heading2: string;
  heading3: string;
  bulletList: string;
  orderedList: string;
  quote: string;
  link: string;
  linkPrompt: string;
  unlink: string;
  image: string;
  imagePrompt: string;
  imageAltPrompt: string;
  youtube: string;
  youtubePrompt: string;
  undo: string;
  redo: string;
  source: string;
}

export interface RichTextProps {
  /** The id of the text area this editor enhances. */
  target: string;
  labels: RichTextLabels;
  dir: 'rtl' | 'ltr';
}

export default function RichTextEditor(props: RichTextProps) {
  const [Editor, setEditor] = useState<ComponentType<RichTextProps> | null>(null);
  useEffect(() => {
    let live = true;
    void import('./TipTapEditor').then((m) => {
      if (live) setEditor(() => m.default);
    });
    return () => {
      live = false;
    };
  }, []);
  return Editor ? <Editor {...props} /> : null;
}
