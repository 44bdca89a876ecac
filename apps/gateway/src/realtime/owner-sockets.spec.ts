import { OwnerSockets } from './owner-sockets';

function socket(readyState = 1) {
  return { readyState, send: jest.fn<void, [string]>() };
}

describe('OwnerSockets', () => {
  it("sends an event, as JSON, to every open socket of its owner and to no one else's", () => {
    const sockets = new OwnerSockets();
    const [a1, a2, closing, b] = [socket(), socket(), socket(2), socket()];
    sockets.add('a', a1);
    sockets.add('a', a2);
    sockets.add('a', closing);
    sockets.add('b', b);

    sockets.send('a', { type: 'new_message', id: 1 });

    expect(a1.send).toHaveBeenCalledWith('{"type":"new_message","id":1}');
    expect(a2.send).toHaveBeenCalledWith('{"type":"new_message","id":1}');
    expect(closing.send).not.toHaveBeenCalled();
    expect(b.send).not.toHaveBeenCalled();
    sockets.send('nobody', { type: 'new_message' });
  });

  it('counts sockets per owner and in all, and forgets an owner with its last socket', () => {
    const sockets = new OwnerSockets();
    const [a1, a2, b] = [socket(), socket(), socket()];
    sockets.add('a', a1);
    sockets.add('a', a1);
    sockets.add('a', a2);
    sockets.add('b', b);
    expect([sockets.count('a'), sockets.count('b'), sockets.size()]).toEqual([2, 1, 3]);

    sockets.remove('a', a1);
    sockets.remove('a', a1);
    sockets.remove('b', a2);
    expect([sockets.count('a'), sockets.size()]).toEqual([1, 2]);
    sockets.remove('a', a2);
    sockets.remove('b', b);
    expect([sockets.count('a'), sockets.count('b'), sockets.size()]).toEqual([0, 0, 0]);

    sockets.send('a', { type: 'new_message' });
    expect(a2.send).not.toHaveBeenCalled();
  });

  it("sends an event meant for one member only to that member's sockets, or to everyone's but theirs", () => {
    const sockets = new OwnerSockets();
    const [sara1, sara2, omar, b] = [socket(), socket(), socket(), socket()];
    sockets.add('a', sara1, 'sara');
    sockets.add('a', sara2, 'sara');
    sockets.add('a', omar, 'omar');
    sockets.add('b', b, 'sara');

    sockets.send('a', { type: 'new_message' }, { userId: 'sara' });
    expect([sara1, sara2, omar, b].map((s) => s.send.mock.calls.length)).toEqual([1, 1, 0, 0]);

    sockets.send('a', { type: 'presence' }, { exceptUserId: 'sara' });
    expect([sara1, sara2, omar, b].map((s) => s.send.mock.calls.length)).toEqual([1, 1, 1, 0]);
    expect(omar.send).toHaveBeenCalledWith('{"type":"presence"}');

    sockets.send('a', { type: 'conversation_updated' });
    expect([sara1, sara2, omar, b].map((s) => s.send.mock.calls.length)).toEqual([2, 2, 2, 0]);
  });
});
