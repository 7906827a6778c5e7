// What the playground opens with: the card and scenario of docs/authoring.md.
export const EXAMPLE = `rules "My cards"

card "Test of Resolve" {
  type Strategy
  goldCost 0
  focusValue 1
  text {
    Limited: Your target unbowed Personality challenges a target enemy Personality. The winner gains 2 Honor. Bow the loser.
  }
}

scenario "Test of Resolve: the winner gains 2 Honor and the loser bows" {
  players p1, p2
  put a = Personality { chi 5 } in p1.home
  put b = Personality { chi 1 } in p2.home
  put t = "Test of Resolve" in p1.hand
  take t by p1
  expect a in (last duel).winners
  expect p1.honor == 2
  expect b.bowed
}
`;
