/** Adds `item` to the list `groups` keeps under `key`, the first item of a key starting its list. */
export function addToGroup<Key, Item>(groups: Map<Key, Item[]>, key: Key, item: Item): void {
  const group = groups.get(key);
  if (group) group.push(item);
  else groups.set(key, [item]);
}
