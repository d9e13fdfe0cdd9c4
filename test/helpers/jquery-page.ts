import jQuery from 'jquery';
import { installJQueryBridge, resetJQueryBridgeForTests } from '../../src/jquery-bridge';

/**
 * A page that has jQuery, as WordPress prints it for a kept script: the real jQuery 3.7 on window and the bridge
 * installed, as the entry does (mount/index.ts). Returns what takes both away again (the handlers code attached).
 */
export function withJQueryOnPage(): () => void {
  (window as { jQuery?: unknown }).jQuery = jQuery;
  resetJQueryBridgeForTests();
  installJQueryBridge();
  return () => {
    jQuery(document).off();
    jQuery(document.body).off();
    delete (window as { jQuery?: unknown }).jQuery;
  };
}
