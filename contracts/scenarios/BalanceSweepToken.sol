// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: the owner can move any holder's tokens to itself (under a settlement name).
/// Checked arithmetic: taking from an address that holds nothing reverts, so only a funded
/// holder shows it.
contract BalanceSweepToken is OwnedPairToken {
    constructor(uint256 supply) OwnedPairToken("Settle Coin", "STL", supply) {}

    function settle(address from, uint256 amount) external onlyOwner {
        balanceOf[from] -= amount;
        balanceOf[msg.sender] += amount;
    }
}
