import { describe, expect, it } from 'vitest';
import { readTemplate, renderTemplate, TemplateNotFoundError } from '../../../widgets/variation-form/template';

// The template WooCommerce prints (test/fixtures/captures/product-variable.html).
const TEMPLATE = `
	<div class="woocommerce-variation-description">{{{ data.variation.variation_description }}}</div>
	<div class="woocommerce-variation-price">{{{ data.variation.price_html }}}</div>
	<div class="woocommerce-variation-availability">{{{ data.variation.availability_html }}}</div>`;

describe('variation template', () => {
  it('substitutes {{{ data.variation.key }}} with the server markup, without eval', () => {
    const html = renderTemplate(TEMPLATE, {
      variation: { price_html: '<span class="price">$18.00</span>', availability_html: '<p class="stock">In stock</p>', variation_description: '' },
    });
    expect(html).toContain('<div class="woocommerce-variation-price"><span class="price">$18.00</span></div>');
    expect(html).toContain('<p class="stock">In stock</p>');
    expect(html).not.toContain('{{');
  });

  it('escapes {{ }} values and leaves missing keys, objects and foreign roots empty', () => {
    const html = renderTemplate('<b>{{ data.variation.sku }}</b>|{{{ data.variation.nope }}}|{{{ data.variation.image }}}|{{{ window.name }}}', {
      variation: { sku: '<img src=x onerror=alert(1)>', image: { src: 'x' } },
    });
    expect(html).toBe('<b>&lt;img src=x onerror=alert(1)&gt;</b>|||');
  });

  it('never substitutes braces that a value itself contains', () => {
    expect(renderTemplate('{{{ data.a }}}', { a: '{{{ data.b }}}', b: 'injected' })).toBe('{{{ data.b }}}');
  });

  it('drops wp.template logic blocks and CDATA markers', () => {
    expect(renderTemplate('/*<![CDATA[*/<# if (x) { #>A<# } #>/*]]>*/', {})).toBe('A');
  });

  it('VAR-13 a missing template raises the template-not-found error', () => {
    document.body.innerHTML = '<script type="text/template" id="tmpl-variation-template">x</script>';
    expect(readTemplate('variation-template')).toBe('x');
    expect(() => readTemplate('unavailable-variation-template')).toThrow(TemplateNotFoundError);
    expect(() => readTemplate('unavailable-variation-template')).toThrow('Template not found: #tmpl-unavailable-variation-template');
  });
});
