// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: an anti-whale limit of 1 % of the supply per transfer that the owner can change
/// (down to zero, which stops trading).
contract MaxTransactionToken is OwnedPairToken {
    uint256 public maxTxAmount;

    constructor(uint256 supply) OwnedPairToken("Whale Guard", "WGRD", supply) {
        maxTxAmount = supply / 100;
    }

    function setMaxTxAmount(uint256 amount) external onlyOwner {
        maxTxAmount = amount;
    }

    function _transfer(address from, address to, uint256 value) internal override {
        if (from != _owner && to != _owner) require(value <= maxTxAmount, "max tx");
        _move(from, to, value);
    }
}
