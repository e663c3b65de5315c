/**
 * The provider's host as a demo blog page names it (issue 35 item 2, src/blog/server/place.ts): by the other name of
 * this machine when the page is reached as localhost or 127.0.0.1 (so the page's host name is not the provider's and
 * spec 4.3's closed cookie is set), else on the page's own host name, always on the provider's port.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { demoProviderHost } from '../../src/blog/server/place';

test('loopback by name or address: the other one, on the provider port', () => {
  assert.is(demoProviderHost('localhost:8081', '127.0.0.1:8080'), '127.0.0.1:8080');
  assert.is(demoProviderHost('LocalHost:8081', '127.0.0.1:8080'), '127.0.0.1:8080');
  assert.is(demoProviderHost('127.0.0.1:8081', '127.0.0.1:8080'), 'localhost:8080');
  assert.is(demoProviderHost('127.0.0.1', '127.0.0.1:8080'), 'localhost:8080');
});

test("any other name, or a provider not on 127.0.0.1: the page's host name, the provider's port", () => {
  assert.is(demoProviderHost('mybox.lan:8081', '127.0.0.1:8080'), 'mybox.lan:8080');
  assert.is(demoProviderHost('[::1]:8081', '[::1]:8080'), '[::1]:8080');
  assert.is(demoProviderHost('localhost:8081', '[::1]:8080'), 'localhost:8080');
  assert.is(demoProviderHost('192.168.1.5:9001', '192.168.1.5:9000'), '192.168.1.5:9000');
});

test.run();
