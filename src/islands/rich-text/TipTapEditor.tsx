/**
 * The shop's one rich-text editor (TipTap), loaded by RichTextEditor.tsx in the browser only: it enhances a plain
 * `<textarea>` that stays the form's field, so the form works the same with JavaScript off (the operator then
 * types HTML). Once hydrated it hides the text area, edits its HTML visually and writes every change back into
 * it; "HTML" shows the text area again. The server sanitises whatever arrives (content/sanitize.ts), so the
 * editor is a convenience, never a safeguard.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import Youtube from '@tiptap/extension-youtube';
import type { RichTextLabels, RichTextProps } from './RichTextEditor';

const HTML_TAG = /<(p|br|ul|ol|li|h[1-6]|div|strong|em|b|i|a|table|img|figure|blockquote|iframe)\b[^>]*>/i;

/** Plain text (an older product description) becomes paragraphs, as the storefront shows it. */
function asHtml(text: string): string {
  if (!text.trim() || HTML_TAG.test(text)) return text;
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

const safeUrl = (url: string | null) => {
  const v = (url ?? '').trim();
  return /^(https?:\/\/|mailto:|tel:|\/(?!\/))/i.test(v) ? v : null;
};

interface Tool {
  key: keyof RichTextLabels;
  text: string;
  run: (e: Editor, l: RichTextLabels) => void;
  active?: (e: Editor) => boolean;
}

const TOOLS: Tool[] = [
  { key: 'bold', text: 'B', run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
  { key: 'italic', text: 'I', run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive('italic') },
  {
    key: 'heading2',
    text: 'H2',
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
  {
    key: 'heading3',
    text: 'H3',
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    active: (e) => e.isActive('heading', { level: 3 }),
  },
  { key: 'bulletList', text: '•', run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  { key: 'orderedList', text: '1.', run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive('orderedList') },
  { key: 'quote', text: '❝', run: (e) => e.chain().focus().toggleBlockquote().run(), active: (e) => e.isActive('blockquote') },
  {
    key: 'link',
    text: '🔗',
    run: (e, l) => {
      const url = safeUrl(window.prompt(l.linkPrompt, (e.getAttributes('link').href as string | undefined) ?? 'https://'));
      if (url) e.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    },
    active: (e) => e.isActive('link'),
  },
  { key: 'unlink', text: '⛓', run: (e) => e.chain().focus().extendMarkRange('link').unsetLink().run() },
  {
    key: 'image',
    text: '🖼',
    run: (e, l) => {
      const src = safeUrl(window.prompt(l.imagePrompt, 'https://'));
      if (src)
        e.chain()
          .focus()
          .setImage({ src, alt: window.prompt(l.imageAltPrompt, '') ?? '' })
          .run();
    },
  },
  {
    key: 'youtube',
    text: '▶',
    run: (e, l) => {
      const src = safeUrl(window.prompt(l.youtubePrompt, 'https://www.youtube.com/watch?v='));
      if (src) e.chain().focus().setYoutubeVideo({ src }).run();
    },
  },
  { key: 'undo', text: '↶', run: (e) => e.chain().focus().undo().run() },
  { key: 'redo', text: '↷', run: (e) => e.chain().focus().redo().run() },
];

export default function TipTapEditor({ target, labels, dir }: RichTextProps) {
  const [area, setArea] = useState<HTMLTextAreaElement | null>(null);
  const [source, setSource] = useState(false);
  const [focus, setFocus] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    const el = document.getElementById(target);
    if (el instanceof HTMLTextAreaElement) setArea(el);
  }, [target]);

  const editor = useEditor(
    {
      immediatelyRender: false,
      // Its stylesheet is in styles/rich-text.css: an injected <style> is refused by the shop's CSP.
      injectCSS: false,
      extensions: [
        StarterKit.configure({
          heading: { levels: [2, 3, 4] },
          link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], HTMLAttributes: { rel: null, target: null } },
        }),
        Image,
        Youtube.configure({ nocookie: true, width: 640, height: 360, controls: true }),
      ],
      content: area ? asHtml(area.value) : '',
      editorProps: {
        attributes: {
          class: 'rt-content prose',
          role: 'textbox',
          'aria-multiline': 'true',
          ...(area?.labels?.[0]?.id ? { 'aria-labelledby': area.labels[0].id } : { 'aria-label': area?.labels?.[0]?.textContent ?? '' }),
          dir,
          'data-rich-text': target,
        },
      },
      onUpdate: ({ editor: e }) => {
        if (area) area.value = e.isEmpty ? '' : e.getHTML();
      },
    },
    [area],
  );

  // The text area stays in the form; it is shown again only for "HTML", and its HTML taken back after.
  const wasSource = useRef(false);
  useEffect(() => {
    if (!area || !editor) return;
    area.hidden = !source;
    if (wasSource.current && !source && !editor.isDestroyed) editor.commands.setContent(asHtml(area.value), { emitUpdate: false });
    wasSource.current = source;
    return () => {
      area.hidden = false;
    };
  }, [area, editor, source]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => (e ? TOOLS.map((tool) => Boolean(tool.active?.(e))) : TOOLS.map(() => false)),
  });

  if (!area || !editor) return null;

  const count = TOOLS.length + 1;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === forward) next = (focus + 1) % count;
    else if (event.key === back) next = (focus - 1 + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    if (next === null) return;
    event.preventDefault();
    setFocus(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="rt" dir={dir}>
      <div className="rt-toolbar" role="toolbar" aria-label={labels.toolbar} aria-controls={target} onKeyDown={onKeyDown}>
        {TOOLS.map((tool, i) => (
          <button
            key={tool.key}
            ref={(b) => {
              buttons.current[i] = b;
            }}
            type="button"
            className="rt-button"
            tabIndex={focus === i ? 0 : -1}
            aria-label={labels[tool.key]}
            title={labels[tool.key]}
            aria-pressed={tool.active ? Boolean(active?.[i]) : undefined}
            disabled={source}
            onClick={() => {
              setFocus(i);
              tool.run(editor, labels);
            }}
          >
            <span aria-hidden="true">{tool.text}</span>
          </button>
        ))}
        <button
          ref={(b) => {
            buttons.current[TOOLS.length] = b;
          }}
          type="button"
          className="rt-button rt-source"
          tabIndex={focus === TOOLS.length ? 0 : -1}
          aria-pressed={source}
          onClick={() => {
            setFocus(TOOLS.length);
            setSource((s) => !s);
          }}
        >
          {labels.source}
        </button>
      </div>
      <div hidden={source}>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
