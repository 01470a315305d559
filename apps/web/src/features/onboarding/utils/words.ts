/**
 * Words for random server names (SPEC §4, §9: about 90 adjectives and about 110 nouns). Lower
 * case ASCII letters only, so that a name needs no quoting in a shell and reads well aloud.
 */
// prettier-ignore
export const ADJECTIVES = [
  'agile', 'amber', 'ancient', 'arctic', 'azure', 'bold', 'brave', 'breezy', 'bright', 'brisk',
  'calm', 'clever', 'cobalt', 'cool', 'cosmic', 'crimson', 'crisp', 'curious', 'dapper', 'daring',
  'dazzling', 'eager', 'early', 'electric', 'elegant', 'emerald', 'epic', 'fearless', 'fierce', 'fluent',
  'frosty', 'gentle', 'giant', 'gleaming', 'golden', 'graceful', 'grand', 'happy', 'hardy', 'humble',
  'icy', 'jolly', 'keen', 'kind', 'lively', 'lucky', 'lunar', 'magnetic', 'mellow', 'mighty',
  'misty', 'modest', 'nimble', 'noble', 'polar', 'polished', 'proud', 'quick', 'quiet', 'radiant',
  'rapid', 'robust', 'rustic', 'scarlet', 'serene', 'sharp', 'shiny', 'silent', 'silver', 'sleek',
  'smooth', 'snowy', 'solar', 'solid', 'sparkling', 'speedy', 'stable', 'steady', 'stellar', 'stoic',
  'sturdy', 'sunny', 'swift', 'tidy', 'tranquil', 'trusty', 'vivid', 'wise', 'witty', 'zesty',
] as const;

// prettier-ignore
export const NOUNS = [
  'albatross', 'alpaca', 'antelope', 'aurora', 'badger', 'beacon', 'bear', 'beaver', 'bison', 'breeze',
  'buffalo', 'canyon', 'caribou', 'cheetah', 'cliff', 'cloud', 'comet', 'condor', 'coral', 'cougar',
  'coyote', 'crane', 'creek', 'crystal', 'cyclone', 'delta', 'dolphin', 'dove', 'eagle', 'falcon',
  'fern', 'ferret', 'fjord', 'flamingo', 'fox', 'gazelle', 'geyser', 'glacier', 'gecko', 'harbor',
  'hawk', 'heron', 'horizon', 'husky', 'ibex', 'iceberg', 'island', 'jaguar', 'kestrel', 'koala',
  'lagoon', 'lemur', 'leopard', 'lighthouse', 'lynx', 'magpie', 'manatee', 'maple', 'marmot', 'meadow',
  'meteor', 'mongoose', 'moose', 'nebula', 'narwhal', 'ocelot', 'orca', 'osprey', 'otter', 'owl',
  'panda', 'panther', 'pelican', 'penguin', 'pine', 'plateau', 'puffin', 'quasar', 'rabbit', 'raven',
  'reef', 'river', 'robin', 'salmon', 'seal', 'sequoia', 'shark', 'sparrow', 'summit', 'swan',
  'tapir', 'tiger', 'toucan', 'tundra', 'turtle', 'valley', 'viper', 'volcano', 'walrus', 'wave',
  'whale', 'willow', 'wolf', 'wombat', 'yak', 'zebra', 'glade', 'galaxy', 'orchid', 'sparrowhawk',
] as const;
