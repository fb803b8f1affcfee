import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** One element of a parsed page: its attributes and its text. */
export interface HtmlElement {
  tag: string;
  attr(name: string): string | undefined;
  text: string;
}

/**
 * A page parsed as a browser (and a link-preview fetcher) parses it, by the HTML standard's
 * parser, with the few lookups the tests need.
 */
export class HtmlPage {
  readonly elements: HtmlElement[] = [];

  constructor(html: string) {
    const walk = (node: Node) => {
      if ('tagName' in node) this.elements.push(toElement(node));
      if ('childNodes' in node) node.childNodes.forEach(walk);
      if (node.nodeName === 'template' && 'content' in node) walk(node.content as Node);
    };
    walk(parse(html));
  }

  all(tag: string): HtmlElement[] {
    return this.elements.filter((element) => element.tag === tag);
  }

  byId(id: string): HtmlElement | undefined {
    return this.elements.find((element) => element.attr('id') === id);
  }

  get title(): string | undefined {
    return this.all('title')[0]?.text;
  }

  /** The content of `<meta name=key>` or `<meta property=key>`. */
  meta(key: string): string | undefined {
    return this.all('meta')
      .find((meta) => meta.attr('name') === key || meta.attr('property') === key)
      ?.attr('content');
  }

  link(rel: string): HtmlElement | undefined {
    return this.all('link').find((link) => link.attr('rel') === rel);
  }
}

function toElement(node: Element): HtmlElement {
  const text = (n: Node): string =>
    n.nodeName === '#text' && 'value' in n
      ? n.value
      : 'childNodes' in n
        ? n.childNodes.map(text).join('')
        : '';
  return {
    tag: node.tagName,
    attr: (name) => node.attrs.find((attribute) => attribute.name === name)?.value,
    text: text(node),
  };
}
